import type {Stats} from 'node:fs'
import {lstat, readdir, stat} from 'node:fs/promises'
import {basename, extname, isAbsolute, join, relative, resolve} from 'node:path'
import type {CompanionOf, Conversation, FormatPlugin, NamePattern} from '@chatmark/core'
import {conversationTitle, matchesName} from '@chatmark/core'

/** One thing to convert, or a path that cannot be. */
export type InputEntry =
  | {
      kind: 'file'
      path: string
      /** Named on the command line, rather than found in a folder. */
      named: boolean
      /** One of the data exports a zip archive holds (see `Normalizer.exports`), when it holds several. */
      archiveExport?: ArchiveExport
    }
  | {kind: 'folder'; path: string; named: boolean}
  | {kind: 'stdin'}
  | {kind: 'refused'; path: string; reason: string}
  | {kind: 'skipped'; path: string; reason: string}

/** One data export of a zip archive that holds several: its number (`ReadOptions.archiveExport`) and name. */
export interface ArchiveExport {
  index: number
  name: string
}

const symlinkAdvice = 'pass --follow-symlinks to read it'

/** Options for {@link collectInputs}. */
export interface CollectOptions {
  /** The folder that relative operands are resolved against; entries keep the paths as given. */
  cwd: string
  /** Extensions (with dot, lower case) that make a file in a folder an input. */
  extensions: ReadonlySet<string>
  /**
   * Base names that make a file in a folder an input whatever its extension,
   * hidden or not (the formats' `fileNames`: `.aider.chat.history.md`). Default: none.
   */
  fileNames?: readonly NamePattern[]
  followSymlinks: boolean
  /** What a named symbolic link's refusal advises. Default: `pass --follow-symlinks to read it`. */
  symlinkAdvice?: string
  /** Whether a format reads this folder as one input (a Slack export), rather than its files one by one. */
  claimsFolder(path: string): Promise<boolean>
  /** Why a folder (its absolute path) is not walked at all (a vault's notes are no sources), or `undefined`. */
  skipFolder?(location: string): Promise<string | undefined>
  /** The data exports a `.zip` file holds (`Normalizer.exports`): two or more are an input each. Default: none. */
  exportsOf?(path: string): Promise<string[]>
  /**
   * The input a file found in a folder belongs to, when it is no input of its
   * own (the formats' `ToolDescriptor.companionOf`: a Claude Code subagent's
   * transcript): left out when that input is in the same walk. Default: none.
   */
  companionOf?(path: string, siblings: ReadonlySet<string>): Promise<CompanionOf | undefined>
}

/**
 * Turns command-line operands into inputs. A folder that a format reads whole
 * (an export folder) is one input; other folders are walked (sorted, hidden
 * entries and `node_modules` left out) and keep files with a known extension
 * (looked up under a `.zst` or `.gz` suffix, which is read decompressed) and
 * files that a format names (`fileNames`), hidden ones included.
 * Symbolic links and special files are refused unless asked for, because a
 * notes folder is often synced and a link can point anywhere. When links are
 * followed, every file and folder is read once, however many paths lead to it
 * (a link to an ancestor folder would otherwise be walked forever).
 */
export async function collectInputs(operands: readonly string[], options: CollectOptions): Promise<InputEntry[]> {
  const entries: InputEntry[] = []
  const walk: Walk = {entries, options, seen: new Map(), roots: []}
  for (const operand of operands) {
    if (operand === '-') entries.push({kind: 'stdin'})
    else await visit(operand, true, walk)
  }
  return entries
}

interface Walk {
  entries: InputEntry[]
  options: CollectOptions
  /** The first path of every file and folder met, by device and inode. */
  seen: Map<string, string>
  /** The folders walked, as named on the command line, resolved. */
  roots: string[]
}

/** Whether `info` was met before under another path; if so, the entry says which. */
function metBefore(path: string, info: Stats, walk: Walk): boolean {
  // Inode 0 is what some file systems (and Windows before Node 20's bigint stats) report for everything.
  if (info.ino === 0) return false
  const key = `${info.dev}:${info.ino}`
  const first = walk.seen.get(key)
  if (first === undefined) {
    walk.seen.set(key, path)
    return false
  }
  const what = info.isDirectory() ? 'the folder' : 'the file'
  walk.entries.push({kind: 'skipped', path, reason: `${what} is ${first}, already read`})
  return true
}

async function visit(path: string, named: boolean, walk: Walk): Promise<void> {
  const {entries, options} = walk
  const location = resolve(options.cwd, path)
  let info: Stats
  try {
    info = await lstat(location)
  } catch (error) {
    entries.push({kind: 'refused', path, reason: describeFsError(error)})
    return
  }
  if (info.isSymbolicLink()) {
    if (!options.followSymlinks) {
      const advice = options.symlinkAdvice ?? symlinkAdvice
      if (named) entries.push({kind: 'refused', path, reason: `is a symbolic link; ${advice}`})
      return
    }
    try {
      info = await stat(location)
    } catch (error) {
      entries.push({kind: 'refused', path, reason: describeFsError(error)})
      return
    }
  }
  if (info.isDirectory()) {
    if (metBefore(path, info, walk)) return
    const skipped = await options.skipFolder?.(location)
    if (skipped !== undefined) {
      entries.push({kind: 'skipped', path, reason: skipped})
      return
    }
    if (named) walk.roots.push(location)
    // A folder that cannot be listed (no permission) is reported, and the walk goes on.
    let names: string[]
    try {
      names = (await readdir(location)).sort()
    } catch (error) {
      entries.push({kind: 'refused', path, reason: describeFsError(error)})
      return
    }
    // A folder no format can look into (a subfolder it cannot read) is walked file by file.
    if (await options.claimsFolder(path).catch(() => false)) {
      entries.push({kind: 'folder', path, named})
      return
    }
    const present = new Set(names)
    const before = entries.length
    for (const name of names) {
      if (name === 'node_modules') continue
      // A hidden file is taken only when a format names it; a hidden folder never is.
      const named = matchesName(name, options.fileNames ?? [])
      const hidden = name.startsWith('.')
      if (hidden && !named) continue
      const child = join(path, name)
      const childInfo = await lstat(join(location, name)).catch(() => undefined)
      const input = childInfo !== undefined && !childInfo.isDirectory() && hasInputExtension(name, options)
      const companion = input ? await companionInWalk(join(location, name), present, walk) : undefined
      if (companion !== undefined) {
        const shown = join(path, relative(location, companion.input))
        entries.push({kind: 'skipped', path: child, reason: companion.reason(shown)})
      } else if (childInfo?.isDirectory()) {
        if (!hidden) await visit(child, false, walk)
      } else if (childInfo?.isSymbolicLink()) await visit(child, false, walk)
      else if (input && childInfo?.isFile() && !metBefore(child, childInfo, walk)) await pushFile(child, false, walk)
    }
    // A folder named on the command line that gives nothing to read says so, rather than a run that prints nothing.
    if (named && entries.length === before)
      entries.push({kind: 'skipped', path, reason: 'no file in it is of a kind chatmark reads (see --list-formats)'})
    return
  }
  // A link found in a folder is held to the rules of the files beside it; one named is read as it is.
  if (!named && !(info.isFile() && hasInputExtension(path, options))) return
  if (!info.isFile()) {
    entries.push({kind: 'refused', path, reason: 'is not a regular file'})
    return
  }
  if (metBefore(path, info, walk)) return
  await pushFile(path, named, walk)
}

/** A file to read; a `.zip` holding several data exports (two exports zipped together) is an input for each. */
async function pushFile(path: string, named: boolean, walk: Walk): Promise<void> {
  const {exportsOf} = walk.options
  const exports = exportsOf && /\.zip$/i.test(path) ? await exportsOf(path).catch(() => []) : []
  if (exports.length < 2) walk.entries.push({kind: 'file', path, named})
  else {
    for (const [index, name] of exports.entries()) {
      walk.entries.push({kind: 'file', path, named, archiveExport: {index, name}})
    }
  }
}

/**
 * What a file found in a folder belongs to, by the formats' tools
 * (`ToolDescriptor.companionOf`), when that input is in the same walk: a file
 * named on the command line, or one whose input is elsewhere, is read as it is.
 */
async function companionInWalk(
  location: string,
  siblings: ReadonlySet<string>,
  walk: Walk
): Promise<CompanionOf | undefined> {
  const companion = await walk.options.companionOf?.(location, siblings).catch(() => undefined)
  if (companion === undefined) return undefined
  const inWalk = walk.roots.some((root) => {
    const inside = relative(root, companion.input)
    return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)
  })
  return inWalk ? companion : undefined
}

function hasInputExtension(name: string, options: CollectOptions): boolean {
  return (
    matchesName(basename(name), options.fileNames ?? []) ||
    options.extensions.has(extname(name.replace(/\.(?:zst|gz)$/i, '')).toLowerCase())
  )
}

function describeFsError(error: unknown): string {
  const code = (error as {code?: unknown} | undefined)?.code
  if (code === 'ENOENT') return 'no such file or folder'
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied'
  return error instanceof Error ? error.message : String(error)
}

/**
 * What makes a file in a folder an input for these formats: their extensions
 * (and `.zip`, when one reads members of an archive) and the base names they
 * claim; and what makes one no input of its own (their tools' `companionOf`,
 * the first that claims the file).
 */
export function knownInputs(
  formats: readonly FormatPlugin[]
): Pick<CollectOptions, 'extensions' | 'fileNames' | 'companionOf'> {
  const tools = formats.flatMap((format) => (format.tool?.companionOf ? [format.tool] : []))
  return {
    async companionOf(path, siblings) {
      for (const tool of tools) {
        // A `--use` format's hook may throw: the file is then its own input, as if the hook said nothing.
        const companion = await Promise.resolve()
          .then(() => tool.companionOf?.(path, siblings))
          .catch(() => undefined)
        if (companion !== undefined) return companion
      }
      return undefined
    },
    extensions: new Set([
      ...(formats.some((format) => (format.archiveMembers ?? []).length > 0) ? ['.zip'] : []),
      ...formats.flatMap((format) => [...(format.extensions ?? [])])
    ]),
    fileNames: formats.flatMap((format) => [...(format.fileNames ?? [])])
  }
}

/** Whether a conversation is the one `--only` names: its id, or a part of its title (any case). */
export function matchesOnly(conversation: Conversation, only: string): boolean {
  return conversation.id === only || conversationTitle(conversation).toLowerCase().includes(only.toLowerCase())
}
