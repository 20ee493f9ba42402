import type {Conversation} from '@chatmark/core'
import {conversationTitle, maxFileNameBytes} from '@chatmark/core'

/**
 * Where a conversation's note goes in the vault, without `.md`: fields in
 * braces are filled from the conversation (`{tool}`, `{year}`, `{month}`,
 * `{day}`, `{date}`, `{title}`, `{project}`, `{id}`), `/` separates folders.
 */
export const defaultTemplate = '{tool}/{year}-{month}/{date} {title}'

/** The placeholders a template may hold, and what each is filled with. */
export const templateFields: Readonly<Record<string, string>> = {
  tool: 'the tool, as a folder name (claude-code, codex, gemini-cli, chatgpt...)',
  year: 'the year the conversation started (undated: no date known)',
  month: 'its month, two digits',
  day: 'its day of the month, two digits',
  date: 'its date, YYYY-MM-DD',
  title: 'its title (cut at 100 characters)',
  project: "its project folder's name (no-project: none known)",
  id: "the conversation's id"
}

/**
 * What is wrong with a template, or `undefined`: a placeholder it does not
 * know (`{titel}` would otherwise be a folder named so), no name for the note.
 */
export function templateProblem(template: string): string | undefined {
  const unknown = [...template.matchAll(/\{([^{}]*)\}/g)]
    .map((match) => match[1] ?? '')
    .filter((name) => !(name in templateFields))
  if (unknown.length > 0) {
    const known = Object.keys(templateFields)
      .map((name) => `{${name}}`)
      .join(', ')
    const names = unknown.map((name) => `{${name}}`).join(', ')
    return `unknown placeholder${unknown.length > 1 ? 's' : ''} ${names} (known: ${known})`
  }
  if (/[{}]/.test(template.replace(/\{\w+\}/g, ''))) return 'a brace that opens or closes no placeholder'
  if (template.trim() === '' || template.endsWith('/')) return 'it names no note (it is empty or ends with /)'
  return undefined
}

/** Longest title in a note's name, in characters (the name is capped in bytes too). */
const maxTitleChars = 100

/**
 * A note's path in the vault, relative and with `/`: the template filled in,
 * each folder and the name made safe on every common file system and in
 * Obsidian links (no `\ / : * ? " < > |`, no `# ^ [ ]`, no control
 * characters, no leading dot, no `..`, capped in UTF-8 bytes, Windows device
 * names suffixed). `tool` fills `{tool}`: the slug of the conversation's
 * tool (`claude-code`: see `toolOf`).
 */
export function notePath(conversation: Conversation, tool: string, template = defaultTemplate): string {
  const time = conversation.createdAt ?? conversation.updatedAt
  const date = time && /^\d{4}-\d{2}-\d{2}/.test(time) ? time.slice(0, 10) : undefined
  const project = conversation.metadata.project?.split(/[\\/]/).filter(Boolean).at(-1)
  const fields: Record<string, string> = {
    tool,
    year: date?.slice(0, 4) ?? 'undated',
    month: date?.slice(5, 7) ?? 'undated',
    day: date?.slice(8, 10) ?? 'undated',
    date: date ?? 'undated',
    title: [...conversationTitle(conversation)].slice(0, maxTitleChars).join(''),
    project: project ?? 'no-project',
    id: conversation.id
  }
  // A field is never a path: its separators are spaces, so a title cannot make folders.
  const filled = template.replace(/\{(\w+)\}/g, (whole, name: string) => fields[name]?.replace(/[\\/]/g, ' ') ?? whole)
  const segments = filled
    .split('/')
    .map(safeSegment)
    .filter((segment) => segment !== '')
  const name = segments.pop() ?? 'conversation'
  return [...segments, numberedNoteName(name, 1)].join('/')
}

/** Names Windows reserves for devices, whatever follows a dot (`con.md`, `nul.old.md`). */
const reserved = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(?:\..*)?$/iu

/**
 * The `attempt`th name of a note called `stem`: `stem.md`, then `stem 2.md`,
 * `stem 3.md`... (as Obsidian numbers copies), cut by whole characters to fit
 * {@link maxFileNameBytes} UTF-8 bytes with its number.
 */
export function numberedNoteName(stem: string, attempt: number): string {
  const suffix = `${attempt === 1 ? '' : ` ${attempt}`}.md`
  let base = reserved.test(stem) ? `${stem} note` : stem
  const budget = maxFileNameBytes - Buffer.byteLength(suffix)
  if (Buffer.byteLength(base) > budget) {
    let kept = ''
    for (const {segment} of new Intl.Segmenter(undefined, {granularity: 'grapheme'}).segment(base)) {
      if (Buffer.byteLength(kept + segment) > budget) break
      kept += segment
    }
    base = kept.trimEnd() || 'note'
  }
  return `${base}${suffix}`
}

/** The `attempt`th path of a note at `path` (`a/b.md`, `a/b 2.md`...). */
export function numberedNotePath(path: string, attempt: number): string {
  const slash = path.lastIndexOf('/')
  const stem = path.slice(slash + 1).replace(/\.md$/, '')
  return `${path.slice(0, slash + 1)}${numberedNoteName(stem, attempt)}`
}

/** Whether `path` is `target` or one of the numbered names {@link numberedNotePath} gives it. */
export function isNumberedPathOf(path: string, target: string): boolean {
  if (path === numberedNotePath(target, 1)) return true
  const number = /^.* (\d{1,6})\.md$/.exec(path)?.[1]
  return number !== undefined && path === numberedNotePath(target, Number(number))
}

/**
 * One folder or file name: format characters taken out (bidirectional controls such as U+202E, which shows
 * `invoice\u202Etxt.exe` as `invoiceexe.txt`, zero-width spaces and joiners, the byte order mark: they make
 * names that look alike but differ), unsafe characters made spaces, runs of space one, no dot or space at its ends.
 */
export function safeSegment(segment: string): string {
  return (
    segment
      .normalize('NFC')
      .replace(/\p{Cf}/gu, '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f-\u009f\\:*?"<>|#^[\]]/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.]+|[\s.]+$/g, '')
  )
}

/**
 * A name or path as a file system that ignores case and normalisation sees it (macOS's and Windows' by
 * default): two names of one folded name are one file there, so a new note never takes a name that folds to
 * one already taken. Case is folded through upper case, so that `ς` and `σ` (one `Σ`) are one, as Unicode's
 * case folding has them.
 */
export function foldedName(name: string): string {
  return name.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC')
}
