import {cp, mkdir, readdir, readFile, rename, rm, writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import type {ClaudeSessionOptions} from './generate-claude.js'
import {writeClaudeSession} from './generate-claude.js'
import {lineWriter, textMaker} from './generator-kit.js'

const fixtures = fileURLToPath(new URL('../packages/format-claude/fixtures/claude-code/', import.meta.url))

/** The real session whose harness lines start every generated 2.1 session, and what in it names its place. */
const headerSource = {
  file: 'real-tui-compact/input.jsonl',
  id: '512631c8-14de-455c-a1f6-b9bab3283c2b',
  cwd: '/tmp/producers-claude/claude-run/demo-project',
  projects: '/tmp/producers-claude/claude-run/home/.claude/projects/-tmp-producers-claude-claude-run-demo-project'
}

/** Real sessions copied whole (one in twenty sessions), with their subagents' folder when they have one. */
const copied = [
  {file: 'real-tui-compact/input.jsonl', id: '512631c8-14de-455c-a1f6-b9bab3283c2b', prompt: 'Good morning.'},
  {
    file: 'real-2.1-subagent-files/input.jsonl',
    id: '5b03b5b9-3e60-41c3-9ae1-8cf0307eea18',
    prompt: 'Please delegate twice',
    subagents: 'real-2.1-subagent-files/5b03b5b9-3e60-41c3-9ae1-8cf0307eea18'
  },
  {file: 'real-resume-api-error/input.jsonl', id: '332611b8-4087-47be-a219-9e760a6ae6e0', prompt: 'Hi. Briefly,'}
] as const

/** Project folders, the first ones used most (as in a real home: a few projects hold most sessions). */
const projectNames =
  'chatmark api-server web-app dotfiles infra data-pipeline mobile-client docs-site ml-experiments billing ' +
  'auth-service cli-tools design-system analytics scraper game-engine blog kernel-patches homelab terraform ' +
  'notebook-utils search-index payments-sdk chat-bot compiler-course photo-sorter budget-sheet wiki-sync ' +
  'browser-ext sql-migrations'

/** What to generate. */
export interface ClaudeHomeOptions {
  sessions: number
  /** All sessions' bytes together, about. */
  totalBytes: number
  /** The share of generated sessions that start with Claude Code 2.1's harness lines (90 KB). Default: 0.7. */
  headerShare?: number
  /** Default: 22. The same options give the same home, byte for byte. */
  seed?: number
}

/**
 * A home folder whose `.claude/projects/` holds `sessions` Claude Code
 * sessions of about `totalBytes` together, sized as a real home's are: a
 * log-normal spread (most sessions a few hundred KB or less, a few tens of
 * MB), over projects used unevenly and days through a year. Most are written
 * by the bench's generator, by default seven in ten with the harness lines
 * Claude Code 2.1 starts a session with (taken from a real session), some with long tool
 * results (whole files read, long command output); one in twenty is a copy of
 * a real session from the fixtures, one of them with its subagents' own
 * transcripts. Written beside `home` and renamed into place when complete.
 */
export async function generateClaudeHome(home: string, options: ClaudeHomeOptions): Promise<void> {
  const {sessions, totalBytes, headerShare = 0.7, seed = 22} = options
  const partial = `${home}.partial`
  await rm(partial, {recursive: true, force: true})
  const projects = join(partial, '.claude/projects')
  const {random, sentence} = textMaker(
    seed,
    'fix add refactor test parser vault sync notes memory worker release docs build flaky login cache index ' +
      'migrate schema config error retry upload export import theme layout query bench profile'
  )
  const names = projectNames.split(' ')
  const weights = names.map((_, rank) => 1 / (rank + 1))
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0)
  const projectOf = (): string => {
    let left = random() * weightSum
    for (const [rank, weight] of weights.entries()) {
      left -= weight
      if (left < 0) return names[rank]!
    }
    return names[0]!
  }

  const copies = await Promise.all(copied.map((copy) => readFile(join(fixtures, copy.file), 'utf8')))
  const headerText = await headerLines()
  const isCopy = (index: number): boolean => index % 20 === 7
  const copyOf = (index: number): number => Math.floor(index / 20) % copied.length
  let copiedBytes = 0
  for (let index = 0; index < sessions; index++) {
    if (isCopy(index)) copiedBytes += Buffer.byteLength(copies[copyOf(index)]!)
  }

  // Log-normal sizes (sigma 1.4: the largest of 2,000 about 100 times the median), scaled to the total.
  const drawn = Array.from({length: sessions}, () => {
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
    return Math.exp(1.4 * normal)
  })
  // What is left to write, and to draw on: a small session overshoots its size (it ends after a whole turn), so
  // each session's share of what is left is taken afresh, and the home comes out at its size.
  let bytesLeft = totalBytes - copiedBytes
  let drawnLeft = drawn.reduce((sum, size, index) => sum + (isCopy(index) ? 0 : size), 0)
  const year = Date.UTC(2026, 0, 1)
  const day = 24 * 60 * 60 * 1000

  for (let index = 0; index < sessions; index++) {
    const id = `6e0d${seed.toString(16).padStart(4, '0')}-2b1c-4a7e-9d3f-${index.toString(16).padStart(12, '0')}`
    const project = projectOf()
    const cwd = `/home/dev/${project}`
    const folder = join(projects, cwd.replaceAll('/', '-'))
    await mkdir(folder, {recursive: true})
    // Sessions in the order they were made, over 330 days.
    const start = year + Math.floor(((index + random()) / sessions) * 330 * day)
    const path = join(folder, `${id}.jsonl`)
    if (isCopy(index)) {
      const which = copied[copyOf(index)]!
      let text = copies[copyOf(index)]!.replaceAll(which.id, id)
      text = text.replaceAll(which.prompt, `${which.prompt} (${index})`)
      await writeFile(path, text)
      if ('subagents' in which) await copySubagents(join(fixtures, which.subagents), join(folder, id), which.id, id)
      continue
    }
    const targetBytes = Math.max(6 * 1024, Math.round((drawn[index]! * Math.max(0, bytesLeft)) / drawnLeft))
    const session: ClaudeSessionOptions = {
      seed: seed * 100_003 + index,
      sessionId: id,
      start,
      cwd,
      title: `${capitalised(sentence(3 + Math.floor(random() * 4)))} in ${project}`,
      longOutputs: random() < 0.3 ? 0.15 : 0.02,
      compactFrom: 2 * 1024 * 1024
    }
    if (random() < headerShare) session.header = parseHeader(headerText, id, cwd)
    const out = lineWriter(path)
    await writeClaudeSession(out, targetBytes, session)
    await out.close()
    bytesLeft -= out.written
    drawnLeft -= drawn[index]!
  }
  await rm(home, {recursive: true, force: true})
  await rename(partial, home)
}

/** The real session's lines before its first assistant record, but its prompt and its file-history snapshot. */
async function headerLines(): Promise<{before: string[]; after: string[]}> {
  const lines = (await readFile(join(fixtures, headerSource.file), 'utf8')).split('\n').filter(Boolean)
  const before: string[] = []
  const after: string[] = []
  let prompted = false
  for (const line of lines) {
    const record = JSON.parse(line) as {type?: unknown}
    if (record.type === 'assistant') break
    if (record.type === 'user') prompted = true
    else if (record.type !== 'file-history-snapshot') (prompted ? after : before).push(line)
  }
  return {before, after}
}

/** The header's records, naming this session and its folder. */
function parseHeader(
  lines: {before: string[]; after: string[]},
  id: string,
  cwd: string
): NonNullable<ClaudeSessionOptions['header']> {
  const own = (line: string): Record<string, unknown> =>
    JSON.parse(
      line
        .replaceAll(headerSource.id, id)
        .replaceAll(headerSource.projects, `/home/dev/.claude/projects/${cwd.replaceAll('/', '-')}`)
        .replaceAll(headerSource.cwd, cwd)
    ) as Record<string, unknown>
  return {before: lines.before.map(own), after: lines.after.map(own)}
}

/** A real session's subagents' folder (`<id>/subagents/agent-*.jsonl` and `.meta.json`), naming the new id. */
async function copySubagents(from: string, to: string, oldId: string, newId: string): Promise<void> {
  await cp(from, to, {recursive: true})
  const folder = join(to, 'subagents')
  for (const name of await readdir(folder)) {
    const path = join(folder, name)
    await writeFile(path, (await readFile(path, 'utf8')).replaceAll(oldId, newId))
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
