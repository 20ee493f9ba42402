import assert from 'node:assert/strict'
import {appendFile, cp, mkdir, mkdtemp, readdir, readFile, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {beforeEach, test} from 'vitest'
import type {SyncOutput} from '../util/run-sync.js'
import {runSyncHere as runSync} from '../util/run-sync.js'

// `chatmark sync` takes the CLI's rendering options, from flags and from the vault's config file (issue 22,
// item 5); a changed option renders every note again, once, keeping the person's edits.

const packages = fileURLToPath(new URL('../../packages/', import.meta.url))
const examples = fileURLToPath(new URL('../../examples/', import.meta.url))

let home: string
let vault: string

function chatmark(...argv: string[]): Promise<SyncOutput> {
  return runSync(argv, {home})
}

/** The text of the vault's one note of a tool. */
async function noteOf(tool: string): Promise<{path: string; text: string}> {
  const paths = (await readdir(join(vault, tool), {recursive: true}))
    .map((path) => join(tool, path))
    .filter((path) => path.endsWith('.md') && !path.endsWith(`${tool}.md`))
  assert.equal(paths.length, 1, paths.join(', '))
  const path = paths[0] ?? ''
  return {path, text: await readFile(join(vault, path), 'utf8')}
}

const session = (): string => join(home, '.claude/projects/-work-demo/session.jsonl')

/** Claude Code records of turns `from` to `to`, each a prompt and an answer with thinking, chained by parent. */
function turns(from: number, to: number): string {
  const uuid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
  const base = {isSidechain: false, userType: 'external', cwd: '/work/demo', sessionId: 'grown', version: '2.1.0'}
  let text = ''
  for (let turn = from; turn <= to; turn++) {
    const timestamp = `2026-11-30T08:${String(turn).padStart(2, '0')}:00.000Z`
    const [prompt, answer] = [uuid(turn * 2), uuid(turn * 2 + 1)]
    const parentUuid = turn === 1 ? null : uuid(turn * 2 - 1)
    const message = {role: 'user', content: `Question ${turn}?`}
    text += `${JSON.stringify({...base, type: 'user', timestamp, parentUuid, uuid: prompt, message})}\n`
    const content = [
      {type: 'thinking', thinking: `Pondering question ${turn}.`, signature: 'sig'},
      {type: 'text', text: `Answer ${turn}.`}
    ]
    const reply = {id: `msg_${turn}`, type: 'message', role: 'assistant', model: 'claude-x', content}
    const answerLine = {...base, type: 'assistant', timestamp, parentUuid: prompt, uuid: answer, message: reply}
    text += `${JSON.stringify(answerLine)}\n`
  }
  return text
}

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'chatmark-options-'))
  vault = join(home, 'vault')
  await mkdir(join(home, '.claude/projects/-work-demo'), {recursive: true})
  // A real Claude Code 2.1 session with thinking and injected harness context (shown with --keep-meta).
  await cp(join(packages, 'format-claude/fixtures/claude-code/real-fork-keep-meta/input.jsonl'), session())
})

test('--time-zone: the properties carry the offset, and the first heading with a time names the zone', async () => {
  const run = await chatmark('vault', '--time-zone', 'Asia/Tokyo', '--quiet')
  assert.equal(run.code, 0, run.stderr)
  const {text} = await noteOf('claude-code')
  // 06:54:36 UTC is 15:54:36 in Tokyo.
  assert.match(text, /^created: 2026-11-30T15:54:36\+09:00$/m)
  const headings = text.split('\n').filter((line) => /^## .* · 2026-11-30 \d\d:\d\d/.test(line))
  assert.match(headings[0] ?? '', / · 2026-11-30 15:54 Asia\/Tokyo( ·|$)/)
  assert.ok(
    headings.slice(1).every((line) => !line.includes('Asia/Tokyo')),
    headings.join('\n')
  )
  // The machine's zone when none is given (here the test's: UTC).
  const utc = await chatmark('other-vault', '--quiet')
  assert.equal(utc.code, 0, utc.stderr)
  vault = join(home, 'other-vault')
  const plain = (await noteOf('claude-code')).text
  assert.match(plain, /^created: 2026-11-30T06:54:36\+00:00$/m)
  assert.match(plain, /^## .* · 2026-11-30 06:54 UTC( ·|$)/m)
})

test('--no-thinking, --keep-meta and --no-subagents shape the notes, as with chatmark -o', async () => {
  await chatmark('vault', '--quiet')
  const plain = (await noteOf('claude-code')).text
  assert.match(plain, /Thinking/)
  const run = await chatmark('vault', '--no-thinking', '--keep-meta')
  assert.equal(run.code, 0, run.stderr)
  assert.match(run.stderr, /the options changed: every note was rendered again/)
  const shaped = (await noteOf('claude-code')).text
  assert.doesNotMatch(shaped, /Thinking/)
  assert.ok(shaped.split('\n').length !== plain.split('\n').length)
  assert.ok(!/fidelity:\n(?: {2}- .*\n)*? {2}- injected-context/.test(shaped), 'injected context shown, not counted')
  // The same options again: nothing to render again.
  const again = await chatmark('vault', '--no-thinking', '--keep-meta')
  assert.doesNotMatch(again.stderr, /rendered again/)
  assert.match(again.stderr, /^0 new, 0 updated, 1 unchanged/m)
})

test('the config file sets the options; a flag wins over it; unknown keys and placeholders are refused', async () => {
  await mkdir(join(vault, '.chatmark'), {recursive: true})
  await writeFile(join(vault, '.chatmark/config.yaml'), 'thinking: false\ntime-zone: Europe/Berlin\nkeep-meta: true\n')
  const run = await chatmark('vault', '--quiet')
  assert.equal(run.code, 0, run.stderr)
  const {text} = await noteOf('claude-code')
  assert.doesNotMatch(text, /Thinking/)
  assert.match(text, /^created: 2026-11-30T07:54:36\+01:00$/m)
  const flag = await chatmark('vault', '--quiet', '--time-zone', 'UTC')
  assert.equal(flag.code, 0, flag.stderr)
  assert.match((await noteOf('claude-code')).text, /^created: 2026-11-30T06:54:36\+00:00$/m)

  await writeFile(join(vault, '.chatmark/config.yaml'), 'thinkin: false\n')
  const typo = await chatmark('vault')
  assert.equal(typo.code, 2)
  assert.match(typo.stderr, /config\.yaml: unknown key `thinkin` \(known: sources, template, .*keep-meta/)
  await writeFile(join(vault, '.chatmark/config.yaml'), 'time-zone: Mars/Olympus\n')
  assert.match((await chatmark('vault')).stderr, /unknown time zone `Mars\/Olympus`/)
  await writeFile(join(vault, '.chatmark/config.yaml'), '')
  const placeholder = await chatmark('vault', '--template', '{tool}/{titel}')
  assert.equal(placeholder.code, 2)
  assert.match(
    placeholder.stderr,
    /^chatmark sync: the template `\{tool\}\/\{titel\}` is wrong: unknown placeholder \{titel\} \(known: \{tool\}, /
  )
})

test('a changed option renders every note again once, and a person’s edits are merged into it', async () => {
  await writeFile(session(), turns(1, 2))
  await chatmark('vault', '--quiet')
  const {path, text} = await noteOf('claude-code')
  assert.match(text, /Pondering question 2\./)
  const edited = `${text.replace(/^turns:/m, 'rating: 5\nturns:')}\n## My notes\n\nKeep this paragraph.\n`
  await writeFile(join(vault, path), edited)
  const run = await chatmark('vault', '--no-thinking')
  assert.match(run.stderr, /the options changed: every note was rendered again/)
  assert.match(run.stderr, /^0 new, 1 updated, /m)
  const merged = await readFile(join(vault, path), 'utf8')
  assert.doesNotMatch(merged, /Pondering/)
  assert.match(merged, /^rating: 5$/m)
  assert.match(merged, /\n## My notes\n\nKeep this paragraph\.\n$/)
  // The session grows, twice: the edits stay through every later sync.
  for (const turn of [3, 4]) {
    await appendFile(session(), turns(turn, turn))
    const grown = await chatmark('vault', '--no-thinking')
    assert.match(grown.stderr, /^0 new, 1 updated, 0 unchanged, 0 renamed, 0 kept because edited/m)
    const now = await readFile(join(vault, path), 'utf8')
    assert.match(now, new RegExp(`Answer ${turn}\\.`))
    assert.match(now, /^rating: 5$/m)
    assert.match(now, /\n## My notes\n\nKeep this paragraph\.\n$/)
  }
})

test('a format of the person’s own (--use) is synced from where its tool keeps its files', async () => {
  await mkdir(join(home, '.irclogs'), {recursive: true})
  await cp(join(examples, 'custom-format/sample.irclog'), join(home, '.irclogs/sample.irclog'))
  const format = join(examples, 'custom-format/irc-format.js')
  const without = await chatmark('vault', '--quiet')
  assert.match(without.stderr, /^1 new, /)
  const listed = await chatmark('vault', '--use', format, '--list-sources')
  assert.match(listed.stdout, /^IRC logs +found +1 session +\S+\.irclogs$/m)
  const run = await chatmark('vault', '--use', format, '--quiet')
  assert.equal(run.code, 0, run.stderr)
  assert.match(run.stderr, /^1 new, 0 updated, 1 unchanged/m)
  assert.match((await noteOf('irc-logs')).text, /has anyone tried the new \*parser\*\?/)
})
