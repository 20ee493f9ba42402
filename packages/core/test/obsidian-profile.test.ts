import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation} from '@chatmark/core'
import {
  conversationToMdast,
  createNormalizer,
  frontmatterOf,
  inputFromString,
  markdownProcessor,
  markdownWriter,
  toNote
} from '@chatmark/core'
import {parse} from 'yaml'
import {fakeFormat} from './helpers.js'

const conversation: Conversation = {
  id: 'session-1',
  title: 'Why $5 fails: a #bug',
  source: {format: 'claude', variant: 'claude-code-jsonl'},
  createdAt: '2026-03-30T10:28:00.000Z',
  updatedAt: '2026-03-30T12:31:05+02:00',
  participants: [
    {id: 'user', name: 'Ana Lima', kind: 'human'},
    {id: 'model', name: 'Claude', kind: 'model'},
    {id: 'bot', name: 'Release Bot', kind: 'bot'}
  ],
  metadata: {
    models: ['claude-sonnet-4'],
    project: '/work/app',
    gitBranch: 'main',
    parent: {id: 'session-0', relation: 'fork'},
    tokens: {input: 1200, output: 340, cached: 0, total: 1540},
    extra: {cliVersion: '1.2.3', sandboxed: true, 'resume count': 2, git_branch: 'not this one'}
  },
  fidelity: {'injected-context': 2, 'malformed-line': 1},
  turns: [
    {role: 'user', author: 'user', parts: [{type: 'text', text: 'What is \\( E = mc^2 \\)? See [[My secrets]].'}]},
    {
      role: 'assistant',
      author: 'model',
      parts: [
        {type: 'thinking', text: 'Energy:\n\\[\nE = mc^2\n\\]'},
        {type: 'text', text: 'It costs $5, and ![[passwords.md]] is not embedded. #todo'},
        {type: 'quote', text: 'Quoted \\(x\\) and %% hidden?', title: 'a page'}
      ]
    }
  ]
}

/** The frontmatter of a note, parsed. */
function properties(markdown: string): Record<string, unknown> {
  const end = markdown.indexOf('\n---\n', 4)
  return parse(markdown.slice(4, end)) as Record<string, unknown>
}

test('the obsidian frontmatter is flat properties of the types Obsidian edits, in snake_case', () => {
  // The tool's slug is the format plugin's to say (`toolOf`): core names no format.
  const data = properties(toNote(conversation, {profile: 'obsidian', tool: 'claude-code'}))
  assert.deepEqual(data, {
    title: 'Why $5 fails: a #bug',
    aliases: ['Why $5 fails: a #bug'],
    tags: ['chatmark', 'claude-code'],
    source: 'claude',
    source_variant: 'claude-code-jsonl',
    id: 'session-1',
    created: '2026-03-30T10:28:00+00:00',
    updated: '2026-03-30T10:31:05+00:00',
    models: ['claude-sonnet-4'],
    project: '[[app]]',
    project_path: '/work/app',
    git_branch: 'main',
    parent: 'session-0',
    parent_relation: 'fork',
    // Who speaks: the bot, who does not, is not listed.
    participants: ['Ana Lima', 'Claude'],
    tokens_input: 1200,
    tokens_output: 340,
    tokens_cached: 0,
    tokens_total: 1540,
    cli_version: '1.2.3',
    sandboxed: true,
    resume_count: 2,
    turns: 2,
    fidelity: ['injected-context: 2', 'malformed-line: 1']
  })
  for (const [key, value] of Object.entries(data)) {
    assert.match(key, /^[a-z][a-z0-9_]*$/, key)
    const flat = (item: unknown): boolean => ['string', 'number', 'boolean'].includes(typeof item)
    assert.ok(flat(value) || (Array.isArray(value) && value.every((item) => typeof item === 'string')), key)
  }
})

test('the gfm frontmatter keeps its nested shape, and id is the same text in both profiles', () => {
  const gfm = properties(toNote(conversation))
  assert.deepEqual(gfm['source'], {format: 'claude', variant: 'claude-code-jsonl'})
  assert.deepEqual(gfm['tokens'], {input: 1200, output: 340, cached: 0, total: 1540})
  assert.deepEqual(gfm['parent'], {id: 'session-0', relation: 'fork'})
  assert.deepEqual(gfm['fidelity'], {'injected-context': 2, 'malformed-line': 1})
  assert.equal(gfm['created'], '2026-03-30T10:28:00.000Z')
  // The format's facts are snake_case in every profile.
  assert.equal(gfm['cli_version'], '1.2.3')
  assert.equal(gfm['cliVersion'], undefined)
  assert.deepEqual(frontmatterOf(conversation, 'Why'), frontmatterOf(conversation, 'Why', {profile: 'gfm'}))
  const numeric = {...conversation, id: '12345'}
  for (const profile of ['gfm', 'obsidian'] as const) {
    assert.equal(properties(toNote(numeric, {profile}))['id'], '12345')
  }
})

test('obsidian times are in the note time zone, with its offset then; a date alone stays a date', () => {
  const data = frontmatterOf(conversation, 'x', {profile: 'obsidian', timeZone: 'America/New_York'})
  assert.equal(data['created'], '2026-03-30T06:28:00-04:00')
  assert.equal(data['updated'], '2026-03-30T06:31:05-04:00')
  // Another season, another offset: the one of the zone at that moment.
  const winter = frontmatterOf({...conversation, createdAt: '2026-01-15T12:00:00Z'}, 'x', {
    profile: 'obsidian',
    timeZone: 'America/New_York'
  })
  assert.equal(winter['created'], '2026-01-15T07:00:00-05:00')
  const india = frontmatterOf(conversation, 'x', {profile: 'obsidian', timeZone: 'Asia/Kolkata'})
  assert.equal(india['created'], '2026-03-30T15:58:00+05:30')
  const dated = frontmatterOf({...conversation, createdAt: '2026-03-30'}, 'x', {profile: 'obsidian'})
  assert.equal(dated['created'], '2026-03-30')
})

test('the format tag is a valid Obsidian tag, or left out', () => {
  const tags = (format: string): unknown =>
    frontmatterOf({...conversation, source: {format}}, 'x', {profile: 'obsidian'})['tags']
  assert.deepEqual(tags('my format!'), ['chatmark', 'my-format'])
  assert.deepEqual(tags('in-house/logs'), ['chatmark', 'in-house/logs'])
  assert.deepEqual(tags('1984'), ['chatmark'])
  assert.deepEqual(tags('chatmark'), ['chatmark'])
  assert.deepEqual(tags('?!'), ['chatmark'])
  // The tool's slug, when the caller knows it (the CLI and the vault ask the format's plugin), wins.
  const tool = frontmatterOf({...conversation, source: {format: 'claude'}}, 'x', {
    profile: 'obsidian',
    tool: 'claude-ai'
  })
  assert.deepEqual(tool['tags'], ['chatmark', 'claude-ai'])
})

test('an untitled note has no aliases, and no fidelity list when nothing was skipped', () => {
  const data = frontmatterOf({...conversation, fidelity: {}}, ' ', {profile: 'obsidian'})
  assert.ok(!('aliases' in data))
  assert.ok(!('fidelity' in data))
})

test('obsidian message text has dollar-sign math and escaped Obsidian syntax, in every part that holds text', () => {
  const note = toNote(conversation, {profile: 'obsidian'})
  assert.match(note, /What is \$E = mc\^2\$\? See \[\\\[My secrets\]\]\./)
  assert.match(note, /> \[!quote\]- Thinking\n>\n> Energy:\n> \$\$\n> E = mc\^2\n> \$\$/)
  assert.match(note, /It costs \\\$5, and !\[\\\[passwords\.md\]\] is not embedded\. \\#todo/)
  assert.match(note, /> Quoted \$x\$ and \\%% hidden\?/)
  // The title, chatmark's own text: every `$` and tag escaped.
  assert.match(note, /\n# Why \\\$5 fails: a \\#bug\n/)
  // The gfm note keeps message text as written.
  assert.match(toNote(conversation), /What is \\\( E = mc\^2 \\\)\? See \[\[My secrets\]\]\./)
})

test('the streamed writer and a unified processor write the same obsidian note', () => {
  const tree = conversationToMdast(conversation, {profile: 'obsidian'})
  const note = [...markdownWriter.write(conversation, {profile: 'obsidian'})].join('')
  assert.equal(markdownProcessor('obsidian').stringify(tree), note)
})

test('parsed message text escapes its dollar signs for Obsidian (the parser keeps no LaTeX)', () => {
  const note = toNote(conversation, {profile: 'obsidian', parseMessages: true})
  assert.match(note, /It costs \\\$5, and !\\\[\\\[passwords\.md]] is not embedded\. \\#todo/)
})

test('reading for the obsidian profile imports the block parser its rewrite needs, ahead of rendering', async () => {
  const normalizer = createNormalizer({
    builtins: [],
    formats: [fakeFormat('fake', {confidence: 'certain', reason: 'test'}, 'Is \\(x\\) $5?')]
  })
  const read = await normalizer.read(inputFromString('anything', 'a.fake'), {render: {profile: 'obsidian'}})
  for await (const conversation of read.conversations) {
    assert.match(toNote(conversation, {profile: 'obsidian'}), /Is \$x\$ \\\$5\?/)
  }
})
