import type {FormatPlugin, SessionFolder, ToolEnvironment} from '@chatmark/core'
import {toolOf} from '@chatmark/core'

/** A folder where a tool keeps its sessions, with the tool and the format that reads them. */
export interface ToolFolder extends SessionFolder {
  /** The tool, as its format describes it (`Claude Code`). */
  tool: string
  /** Its slug (`claude-code`): the vault's folder of the notes of the sessions found here. */
  slug: string
  /** The format that reads its sessions. */
  format: string
}

/**
 * The folders where the tools of `formats` keep their sessions, as each
 * format's plugin describes its tool (`FormatPlugin.tool`), in dispatch
 * order: a user's own format (`--use`) is found as the built-ins are. A
 * format whose description throws or gives something else than folders is
 * left out, with the reason in `problems`.
 */
export function toolFolders(
  formats: readonly FormatPlugin[],
  environment: ToolEnvironment
): {folders: ToolFolder[]; problems: string[]} {
  const folders: ToolFolder[] = []
  const problems: string[] = []
  for (const format of formats) {
    const tool = format.tool
    if (!tool?.sessionFolders) continue
    let found: unknown
    try {
      found = tool.sessionFolders(environment)
    } catch (error) {
      problems.push(`format ${format.name}: its tool's session folders: ${String(error)}`)
      continue
    }
    if (!Array.isArray(found) || !found.every(isSessionFolder)) {
      problems.push(`format ${format.name}: its tool's session folders are not a list of {path, patterns}`)
      continue
    }
    for (const folder of found) {
      const {name, slug} = toolOf([format], {format: format.name, ...(folder.variant ? {variant: folder.variant} : {})})
      folders.push({...folder, tool: name, slug, format: format.name})
    }
  }
  return {folders, problems}
}

function isSessionFolder(value: unknown): value is SessionFolder {
  if (typeof value !== 'object' || value === null) return false
  const {path, patterns, ignore, variant} = value as Record<string, unknown>
  const texts = (list: unknown): boolean => Array.isArray(list) && list.every((item) => typeof item === 'string')
  return (
    typeof path === 'string' &&
    path !== '' &&
    texts(patterns) &&
    (ignore === undefined || texts(ignore)) &&
    (variant === undefined || typeof variant === 'string')
  )
}
