import {lstat, readFile, stat} from 'node:fs/promises'
import {basename, dirname, join, relative} from 'node:path'
import {isRecord, isString, stringOf} from '@chatmark/core/model'
import type {ParseContext} from '@chatmark/core/read'
import {inputFromPath, readJsonLineBatches} from '@chatmark/core/read'
import type {RecordStore, ResultInfo} from './record-store.js'
import {createRecordStore} from './record-store.js'
import {folderLayoutFiles, sessionIdInHead, subagentFilePattern} from './subagent-files.js'
import type {Thread} from './thread.js'
import {threadSession} from './thread.js'
import {blocksText} from './tool-result.js'
import {isChainType} from './types.js'

/** A subagent's own transcript file, read and threaded on its own. */
export interface SubagentTranscript {
  agentId: string
  /** The file, relative to the session's folder, for messages. */
  name: string
  /** Its records: the file's main thread (its first record is a sidechain), with its own tool results. */
  store: RecordStore
  /** Its thread, when it holds a conversation. */
  thread: Thread | undefined
  /** The id of the tool call that started it, from `agent-<id>.meta.json` (Claude Code 2.1 and later). */
  toolUseId?: string
}

/** A `.meta.json` beside a transcript is a few hundred bytes; anything much larger is not one. */
const maxMetaBytes = 64 * 1024

/**
 * Reads the subagent transcripts of a session file on disk, the ones Claude
 * Code itself would open: every `agent-*.jsonl` in the session's
 * `<sessionId>/subagents/` folder (2.1 and later), and each
 * `agent-<agentId>.jsonl` beside the session that one of its Task calls names
 * by `agentId` (2.0; the folder also holds the warm-up agents of every
 * session, which no call names). Problems are messages on the session's file
 * that name the transcript; a transcript that cannot be read is left out.
 */
export async function readSubagentTranscripts(
  sessionPath: string,
  session: RecordStore,
  context: ParseContext,
  source: string
): Promise<SubagentTranscript[]> {
  const folder = dirname(sessionPath)
  const ids = new Set([basename(sessionPath).replace(/\.jsonl$/, '')])
  for (const entry of session.entries.values()) if (entry.sessionId !== undefined) ids.add(entry.sessionId)
  const files = new Set<string>()
  for (const id of ids) for (const file of await folderLayoutFiles(sessionPath, id)) files.add(file)
  for (const agentId of namedAgents(session.results.values())) {
    const file = join(folder, `agent-${agentId}.jsonl`)
    if (files.has(file) || !(await isFile(file))) continue
    const recorded = await sessionIdInHead(file)
    if (recorded === undefined || ids.has(recorded)) files.add(file)
  }
  const transcripts: SubagentTranscript[] = []
  for (const file of [...files].sort()) {
    const transcript = await readTranscript(file, relative(folder, file), session, context, source)
    if (transcript) transcripts.push(transcript)
  }
  // In the order they started, so that a call matched by its prompt takes the earliest subagent left.
  return transcripts.sort((a, b) => startOf(a).localeCompare(startOf(b)))
}

/**
 * The agent a Task / Agent call's result names, as Claude Code links them:
 * `toolUseResult.agentId`, else the `agentId: <id>` line of the result's text
 * (the only link in a subagent's own transcript, which keeps no `toolUseResult`).
 */
export function agentIdOfResult(info: ResultInfo | undefined): string | undefined {
  if (!info) return undefined
  const rich = isRecord(info.rich) ? stringOf(info.rich['agentId']) : undefined
  if (rich !== undefined) return rich
  return /^agentId: ([\w-]+)/m.exec(blocksText(info.block['content']))?.[1]
}

/** Every agent id the results name. */
export function namedAgents(results: Iterable<ResultInfo>): Set<string> {
  const agents = new Set<string>()
  for (const info of results) {
    const agentId = agentIdOfResult(info)
    if (agentId !== undefined && /^[\w-]+$/.test(agentId)) agents.add(agentId)
  }
  return agents
}

async function readTranscript(
  path: string,
  name: string,
  session: RecordStore,
  context: ParseContext,
  source: string
): Promise<SubagentTranscript | undefined> {
  const agentId = subagentFilePattern.exec(basename(path))?.[1] ?? name
  const {store, add} = createRecordStore()
  const skipped: Record<string, number> = {}
  // Messages about its lines name the transcript; their places would point into the session's file.
  const file: ParseContext['file'] = Object.create(context.file, {
    message: {
      value: (reason: string, options?: {ruleId?: string}) =>
        context.file.message(`${name}: ${reason}`, {ruleId: options?.ruleId ?? 'subagent-transcript', source})
    }
  })
  try {
    const input = await inputFromPath(path)
    for await (const batch of readJsonLineBatches(input, {file, limits: context.limits, source, skipped}))
      for (const {line, value} of batch) add(asSubagentRecord(value, agentId), line)
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    context.file.message(`Could not read the subagent transcript ${name} (${detail}): it is left out`, {
      ruleId: 'unreadable-subagent',
      source
    })
    return undefined
  }
  for (const counts of [store.fidelity, skipped])
    for (const [reason, count] of Object.entries(counts))
      session.fidelity[reason] = (session.fidelity[reason] ?? 0) + count
  for (const type of store.unknownTypes) session.unknownTypes.add(type)
  const thread = threadSession(store)[0]
  if (thread?.brokenAt)
    file.message(
      `The chain breaks at line ${thread.brokenAt.line}: its parent is not in the file, so it starts there`,
      {
        ruleId: 'broken-chain'
      }
    )
  const transcript: SubagentTranscript = {agentId, name, store, thread}
  const toolUseId = await metaToolUseId(path.replace(/\.jsonl$/, '.meta.json'))
  if (toolUseId !== undefined) transcript.toolUseId = toolUseId
  return transcript
}

/**
 * A record of a subagent's file, marked as the subagent's whatever it says:
 * its chain records are sidechain records of this agent, so the store reads
 * the file as a subagent's transcript, and none can join the session's thread.
 */
function asSubagentRecord(value: unknown, agentId: string): unknown {
  if (!isRecord(value) || !isChainType(value['type'])) return value
  value['isSidechain'] = true
  if (!isString(value['agentId'])) value['agentId'] = agentId
  return value
}

/** `toolUseId` of an `agent-<id>.meta.json`, when there is one. */
async function metaToolUseId(path: string): Promise<string | undefined> {
  try {
    if ((await stat(path)).size > maxMetaBytes) return undefined
    const meta: unknown = JSON.parse(await readFile(path, 'utf8'))
    return isRecord(meta) ? stringOf(meta['toolUseId']) : undefined
  } catch {
    return undefined
  }
}

function startOf(transcript: SubagentTranscript): string {
  const first = transcript.thread?.path[0]
  return `${(first ? stringOf(first.record['timestamp']) : undefined) ?? ''}\u0000${transcript.name}`
}

async function isFile(path: string): Promise<boolean> {
  try {
    // A symbolic link is not followed: a synced folder must not lead the reader elsewhere.
    return (await lstat(path)).isFile()
  } catch {
    return false
  }
}
