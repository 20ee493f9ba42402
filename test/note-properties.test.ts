import assert from 'node:assert/strict'
import {readdir, readFile} from 'node:fs/promises'
import {join, relative} from 'node:path'
import {test} from 'vitest'
import type {Conversation} from 'chatmark'
import {frontmatterOf} from 'chatmark'
import {parse} from 'yaml'
import {repositoryRoot} from './util/conversation-json.js'

// Issue 28: one naming scheme for a note's properties (snake_case in both profiles, nested maps' keys too) over
// every golden note and every golden model, and `participants` naming everyone who speaks.

/** A property name as every profile writes it. */
const snakeCase = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/

/** The golden files of every format and of the writers, whose names `match`, relative to the repository. */
async function goldenFiles(match: RegExp): Promise<string[]> {
  const found: string[] = []
  for (const top of ['packages', 'fixtures', 'examples']) {
    for (const path of await readdir(join(repositoryRoot, top), {recursive: true})) {
      if (path.includes('node_modules') || !path.includes('fixtures')) continue
      const name = path.split(/[\\/]/).at(-1) ?? ''
      if (match.test(name)) found.push(join(top, path))
    }
  }
  return found.sort()
}

/** The names of a note's properties, and of the keys of its nested maps (but `fidelity`'s, which are reasons). */
function propertyNames(data: Record<string, unknown>): string[] {
  return Object.entries(data).flatMap(([key, value]) =>
    key !== 'fidelity' && value !== null && typeof value === 'object' && !Array.isArray(value)
      ? [key, ...Object.keys(value).map((inner) => `${key}.${inner}`)]
      : [key]
  )
}

function badNames(data: Record<string, unknown>): string[] {
  return propertyNames(data).filter((name) => !name.split('.').every((part) => snakeCase.test(part)))
}

test('every golden note’s properties are named in snake_case, nested keys included', async () => {
  const notes = await goldenFiles(/^output(-[\w-]+)?\.md$/)
  assert.ok(notes.length > 150, `${notes.length} golden notes`)
  const bad: string[] = []
  for (const note of notes) {
    const text = await readFile(join(repositoryRoot, note), 'utf8')
    if (!text.startsWith('---\n')) continue
    const data = parse(text.slice(4, text.indexOf('\n---\n', 3))) as Record<string, unknown>
    bad.push(...badNames(data).map((name) => `${note}: ${name}`))
  }
  assert.deepEqual(bad, [])
})

test('every golden model’s properties are snake_case in both profiles, and its speakers are participants', async () => {
  const models = await goldenFiles(/^conversation(-\d+)?\.json$/)
  assert.ok(models.length > 150, `${models.length} golden models`)
  const bad: string[] = []
  for (const path of models) {
    const conversation = JSON.parse(await readFile(join(repositoryRoot, path), 'utf8')) as Conversation
    for (const profile of ['gfm', 'obsidian'] as const) {
      const data = frontmatterOf(conversation, 'title', {profile})
      bad.push(...badNames(data).map((name) => `${path} (${profile}): ${name}`))
      // Whoever authors a turn (but a tool) is named; a model that answers is among them.
      const names = (data['participants'] ?? []) as string[]
      const byId = new Map(conversation.participants.map((participant) => [participant.id, participant]))
      for (const turn of conversation.turns) {
        const author = turn.author === undefined ? undefined : byId.get(turn.author)
        if (author && author.kind !== 'tool' && !names.includes(author.name)) {
          bad.push(`${path} (${profile}): ${author.name} speaks but is not a participant`)
        }
        if (turn.role === 'assistant' && turn.author === undefined && turn.parts.some((part) => part.type === 'text')) {
          bad.push(`${path}: an answer with no author`)
        }
      }
    }
  }
  assert.deepEqual(bad, [])
})

test('participants name the model and every person of a Slack channel, as they read in a note', async () => {
  const participants = async (path: string): Promise<unknown> => {
    const text = await readFile(join(repositoryRoot, path), 'utf8')
    return (parse(text.slice(4, text.indexOf('\n---\n', 3))) as Record<string, unknown>)['participants']
  }
  const cases: Array<[string, string[]]> = [
    ['packages/format-claude/fixtures/claude-code/real-resume-api-error/output.md', ['User', 'Claude']],
    ['packages/format-chatgpt/fixtures/branches-all/output.md', ['User', 'ChatGPT']],
    ['packages/format-codex/fixtures/fork/output.md', ['User', 'Codex']],
    ['packages/format-gemini/fixtures/jsonl-shell-tool/output.md', ['User', 'Gemini']],
    ['packages/format-aider/fixtures/from-source/output.md', ['User', 'Aider']],
    ['packages/format-slack/fixtures/day-split/output.md', ['Ada', 'Grace Hopper', 'linus', 'CI Bot']],
    [
      'packages/format-slack/fixtures/legacy-authors/output.md',
      ['Alice Ng', 'Bob Ruiz', 'deploybot', 'Build status', 'Calendar']
    ]
  ]
  for (const [path, names] of cases) assert.deepEqual(await participants(path), names, relative('.', path))
})
