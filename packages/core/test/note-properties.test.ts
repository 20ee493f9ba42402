import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation} from '@chatmark/core'
import {frontmatterOf, projectLink, projectNoteName, snakeCase, speakersOf, toNote} from '@chatmark/core'
import {parse} from 'yaml'

// Issue 28: `participants` names everyone who speaks; every property name is snake_case in both profiles; the
// Obsidian `project` is a link to the project's note.

const conversation: Conversation = {
  id: 'c-1',
  source: {format: 'hand-written'},
  participants: [
    {id: 'lurker', name: 'Lurker', kind: 'human'},
    {id: 'ana', name: 'Ana', kind: 'human'},
    {id: 'model', name: 'Claude', kind: 'model'},
    {id: 'bot', name: 'Deploy Bot', kind: 'bot'},
    {id: 'grep', name: 'grep', kind: 'tool'},
    {id: 'helper', name: 'Explorer', kind: 'model'},
    {id: 'ben', name: 'Ben', kind: 'human'},
    {id: 'ana-2', name: 'Ana', kind: 'human'}
  ],
  metadata: {
    project: '/home/ana/src/shop',
    tokens: {total: 30, input: 10, cacheCreation: 5, output: 15},
    extra: {cliVersion: '2.0.1', 'Resume Count': 2, cost: 0.25, source: 'not the format', tokens_input: 3}
  },
  fidelity: {'injected-context': 1},
  turns: [
    {role: 'system', parts: [{type: 'text', text: 'no author'}]},
    {role: 'user', author: 'ana', parts: [{type: 'text', text: 'Hi'}]},
    {role: 'tool', author: 'grep', parts: [{type: 'text', text: 'a tool speaks to no one'}]},
    {role: 'user', author: 'nobody-declared', parts: [{type: 'text', text: 'unknown id'}]},
    {
      role: 'assistant',
      author: 'model',
      parts: [
        {
          type: 'tool-call',
          text: 'Task',
          name: 'Task',
          subagent: [{role: 'assistant', author: 'helper', parts: [{type: 'text', text: 'found it'}]}]
        },
        {type: 'branch', number: 1, turns: [{role: 'user', author: 'ben', parts: [{type: 'text', text: 'or?'}]}]}
      ]
    },
    {role: 'other', author: 'bot', parts: [{type: 'text', text: 'deployed'}]},
    {role: 'user', author: 'ana-2', parts: [{type: 'text', text: 'same name'}]},
    {role: 'user', author: 'ana', parts: [{type: 'text', text: 'again'}]}
  ]
}

test('the speakers are the human, model and bot participants who author a turn, in order of their first', () => {
  assert.deepEqual(
    speakersOf(conversation).map((participant) => participant.id),
    ['ana', 'model', 'helper', 'ben', 'bot', 'ana-2']
  )
  // A declared participant who never speaks, a tool, and an author no participant has are not listed.
  for (const profile of ['gfm', 'obsidian'] as const) {
    assert.deepEqual(frontmatterOf(conversation, 't', {profile})['participants'], [
      'Ana',
      'Claude',
      'Explorer',
      'Ben',
      'Deploy Bot'
    ])
  }
  const silent = {...conversation, turns: [{role: 'system' as const, parts: []}]}
  assert.equal(frontmatterOf(silent, 't')['participants'], undefined)
})

test('every property name is snake_case in both profiles, token counts and the format’s facts included', () => {
  const gfm = frontmatterOf(conversation, 't')
  assert.deepEqual(gfm['tokens'], {input: 10, output: 15, cache_creation: 5, total: 30})
  assert.equal(gfm['cli_version'], '2.0.1')
  assert.equal(gfm['resume_count'], 2)
  assert.equal(gfm['cost'], 0.25)
  // A fact named as a property the note has does not replace it.
  assert.deepEqual(gfm['source'], {format: 'hand-written'})
  // Fidelity's keys are reasons, as the model names them: data, not property names.
  assert.deepEqual(gfm['fidelity'], {'injected-context': 1})
  const obsidian = frontmatterOf(conversation, 't', {profile: 'obsidian'})
  assert.equal(obsidian['tokens_cache_creation'], 5)
  assert.equal(obsidian['tokens_input'], 10)
  assert.equal(obsidian['source'], 'hand-written')
  for (const data of [gfm, obsidian]) {
    const names = Object.entries(data).flatMap(([key, value]) =>
      key !== 'fidelity' && value !== null && typeof value === 'object' && !Array.isArray(value)
        ? [key, ...Object.keys(value)]
        : [key]
    )
    for (const name of names) assert.match(name, /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/, name)
  }
  assert.equal(snakeCase('cacheCreationTokens'), 'cache_creation_tokens')
  assert.equal(snakeCase('cli-version'), 'cli_version')
  assert.equal(snakeCase('  '), '')
})

test('with obsidian, project is a link to the project’s note by its folder’s name, and the path is kept', () => {
  const data = frontmatterOf(conversation, 't', {profile: 'obsidian'})
  assert.equal(data['project'], '[[shop]]')
  assert.equal(data['project_path'], '/home/ana/src/shop')
  assert.equal(frontmatterOf(conversation, 't')['project'], '/home/ana/src/shop')
  assert.equal(projectNoteName('C:\\work\\demo\\'), 'demo')
  assert.equal(projectNoteName('My [big] project #1'), 'My big project 1')
  assert.equal(projectNoteName('/'), 'project')
  assert.equal(projectLink('/srv/a|b'), '[[a b]]')
  // A vault's link to the index note takes the place of the link by name (obsidian only), written quoted.
  const link = '[[projects/shop (src)|shop (src)]]'
  const note = toNote(conversation, {profile: 'obsidian', project: link})
  const properties = parse(note.slice(4, note.indexOf('\n---\n', 4))) as Record<string, unknown>
  assert.equal(properties['project'], link)
  assert.equal(properties['project_path'], '/home/ana/src/shop')
  assert.match(note, /^project: "\[\[projects\/shop \(src\)\|shop \(src\)\]\]"$/m)
  assert.doesNotMatch(toNote(conversation, {project: link}), /\[\[projects/)
})
