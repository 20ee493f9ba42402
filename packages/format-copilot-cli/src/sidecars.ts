import {readFile, stat} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'
import {isRecord, stringOf} from '@chatmark/core/model'

/** A sidecar is a few hundred bytes; anything much larger is not one. */
const maxSidecarBytes = 64 * 1024

/** What the files beside a session's events say of it. */
export interface Sidecar {
  /** The session's id, as `workspace.yaml` records it (to tell it is this session's). */
  id?: string
  name?: string
  summary?: string
  cwd?: string
}

/**
 * The session's `workspace.yaml` beside its events (`session-state/<id>/workspace.yaml`: `id`, `cwd`, `name`,
 * `user_named`, `summary_count`, `created_at`...), flat `key: value` lines; or, for a Copilot Chat transcript
 * (`<workspace storage>/<hash>/GitHub.copilot-chat/transcripts/<id>.jsonl`), the folder the `workspace.json` two
 * levels up opens. `undefined` when there is none or it cannot be read.
 */
export async function readSidecar(path: string): Promise<Sidecar | undefined> {
  const folder = dirname(path)
  if (basename(folder) === 'transcripts' && basename(dirname(folder)).toLowerCase() === 'github.copilot-chat')
    return workspaceJson(join(dirname(dirname(folder)), 'workspace.json'))
  const text = await small(join(folder, 'workspace.yaml'))
  return text === undefined ? undefined : workspaceYaml(text)
}

/** The flat scalars of `workspace.yaml` (the CLI writes no nested values there). */
export function workspaceYaml(text: string): Sidecar {
  const values = new Map<string, string>()
  for (const line of text.split(/\r?\n/)) {
    const match = /^([A-Za-z_]+):[ \t]*(.*)$/.exec(line)
    if (match) values.set(match[1]!, unquote(match[2]!.trim()))
  }
  const sidecar: Sidecar = {}
  for (const key of ['id', 'name', 'summary', 'cwd'] as const) {
    const value = values.get(key)
    if (value) sidecar[key] = value
  }
  return sidecar
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1).replaceAll("''", "'")
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(value)
      if (typeof parsed === 'string') return parsed
    } catch {
      return value.slice(1, -1)
    }
  }
  return value
}

async function workspaceJson(path: string): Promise<Sidecar | undefined> {
  const text = await small(path)
  if (text === undefined) return undefined
  try {
    const value: unknown = JSON.parse(text)
    const folder = isRecord(value) ? stringOf(value['folder']) : undefined
    if (!folder?.startsWith('file://')) return undefined
    return {cwd: decodeURIComponent(new URL(folder).pathname).replace(/^\/([A-Za-z]:)/, '$1')}
  } catch {
    return undefined
  }
}

async function small(path: string): Promise<string | undefined> {
  try {
    const info = await stat(path)
    if (!info.isFile() || info.size > maxSidecarBytes) return undefined
    return await readFile(path, 'utf8')
  } catch {
    return undefined
  }
}
