import type {AttachmentPart} from '../model/model.js'

/**
 * Where a note finds an attachment's file: a `path` relative to the note's
 * folder, with `/` separators (the note embeds the file), or why it could not
 * be had (`unresolved`: the note says the file could not be found, and why).
 */
export type AttachmentLink = {path: string} | {unresolved: string}

/** How a conversation is rendered as a note. Every field is optional. */
export interface RenderOptions {
  /**
   * `gfm` collapses thinking in `<details>`; `obsidian` writes a note for an
   * Obsidian vault: foldable callouts, frontmatter of flat properties its
   * Properties panel edits (`source`, `tokens_input`, `tags`, `aliases`...:
   * see `obsidianProperties`), LaTeX delimiters in message text as dollar
   * signs, and no wikilink, embed, tag, comment or highlight made by chat text
   * (see `obsidianMarkdown`). Notices are alerts (`> [!NOTE]`) in both.
   * Default: `gfm`.
   */
  profile?: 'gfm' | 'obsidian'
  /** Show thinking. Default: `true`. */
  thinking?: boolean
  /** Show harness notices (info, warnings, errors, compactions). Default: `true`. */
  notices?: boolean
  /**
   * Parse message text into mdast (for remark plugins that work on message
   * content) instead of keeping it verbatim. Slower, and the text is re-printed
   * (CommonMark reads `\(` as an escaped parenthesis, so LaTeX delimiters are
   * lost). Default: `false`.
   */
  parseMessages?: boolean
  /** Longest tool result kept whole, in characters; longer ones keep head and tail. `0`: no limit. Default: `4000`. */
  maxResultChars?: number
  /**
   * IANA time zone for times in headings (the first heading with a time names
   * it) and, with `obsidian`, in `created` and `updated` (with its offset). Default: `UTC`.
   */
  timeZone?: string
  /** Tool output with more lines than this is folded (`<details>`, or a folded callout). `0`: never. Default: `20`. */
  foldLines?: number
  /**
   * Where each attachment's file is, for a note that embeds them (a vault
   * that writes them beside its notes): called for every attachment part and
   * every file a tool result carried. A path is embedded after the
   * attachment's line (`![[path]]` with `obsidian`; `![name](path)` for an
   * image, else `[name](path)`, with `gfm`; a link in HTML, never loaded);
   * `unresolved` adds a line saying the file could not be found, and why;
   * `undefined` (and no function, the default) shows the attachment's line alone.
   */
  attachmentLink?: (part: AttachmentPart) => AttachmentLink | undefined
  /**
   * What a Markdown note does with what message text would have a viewer
   * fetch or run as the note is opened (Obsidian loads remote images and
   * iframes, a tracker's pixel among them): `link` (the default) makes an
   * image whose file is not beside the note a link to it (`[Image: alt](https://...)`)
   * and escapes raw HTML that loads or runs something (`<img>`, `<iframe>`,
   * `<script>`, an `onerror`...) so that it reads as text (see
   * `withoutRemoteContent`); `keep` leaves them as written, live. The HTML
   * writer shows such HTML as text and images as links whatever this says.
   */
  remoteContent?: RemoteContent
  /**
   * The slug of the tool the conversation comes from (`claude-code`), for the
   * obsidian profile's `tags`: the format's plugin says it (`toolOf`), which
   * core, naming no format, cannot. Default: the format's name (`claude`).
   */
  tool?: string
  /**
   * The tool's name as people call it (`Claude Code`), for a page's header and its index: the format's plugin
   * says it (`toolOf`). Default: the format's name.
   */
  toolName?: string
  /**
   * Where a page links back to the page that lists it with the others written beside it (`index.html`), for
   * writers whose notes have an index; no link when absent (a page written alone).
   */
  indexHref?: string
  /**
   * Splits a long conversation's page into pages of about this many characters (a turn is never split), with links
   * from each to the next and back, for writers that page their output (HTML): a session of 100 MB is pages a
   * browser opens, not one it cannot. The writer yields {@link pageBreak} between pages. No split when absent or 0.
   */
  pageChars?: number
  /**
   * The file name of the note's first page without its extension (`2026-12-01-fix-the-parser`), which names the
   * others (`2026-12-01-fix-the-parser-page-2`) so pages can link to each other; with `pageChars`.
   */
  pageName?: string
  /**
   * The link to the note of the conversation's parent (the session it was
   * forked, resumed or spawned from), which only a caller that keeps notes
   * (a vault) knows: a wikilink (`[[codex/2026-11/Parent|Parent]]`) with
   * `obsidian`, whose `parent` property it becomes in place of the parent's
   * id; else the parent note's path from this note's folder, a `parent_note`
   * property after the `parent` record. Left out when the conversation has no parent.
   */
  parent?: string
  /**
   * The link to the note of the conversation's project, which only a caller
   * that keeps notes (a vault) knows: with `obsidian`, a wikilink to the
   * project's index note (`[[projects/demo|demo]]`), the `project` property in
   * place of the link by the project's name (`projectLink`). Ignored by the
   * other profiles, and when the conversation has no project.
   */
  project?: string
}

/** See {@link RenderOptions.remoteContent}. */
export type RemoteContent = 'link' | 'keep'

/**
 * What a writer yields between two pages of one note (see {@link RenderOptions.pageChars}): a control character no
 * note text holds (writers show a transcript's control characters as symbols), so it cannot be forged.
 */
export const pageBreak = '\u0000chatmark:page-break\u0000'

/** The file name of page `page` (2 and on) of a note whose first page is named `name` (without extension). */
export function pageFileName(name: string, page: number): string {
  return `${name}-page-${page}`
}

/**
 * {@link RenderOptions} with every default filled in (`tool`'s and `toolName`'s are the conversation's format,
 * known later; `indexHref`, `pageChars`, `pageName`, `parent` and `project` have none).
 */
export type ResolvedRenderOptions = Required<Omit<RenderOptions, OptionalOptions>> &
  Pick<RenderOptions, OptionalOptions>

/** Options without a default: absent unless given. */
type OptionalOptions = 'tool' | 'toolName' | 'indexHref' | 'pageChars' | 'pageName' | 'parent' | 'project'

/** Fills in defaults. */
export function resolveRenderOptions(options: RenderOptions = {}): ResolvedRenderOptions {
  return {
    profile: options.profile ?? 'gfm',
    thinking: options.thinking ?? true,
    notices: options.notices ?? true,
    parseMessages: options.parseMessages ?? false,
    maxResultChars: options.maxResultChars ?? 4000,
    timeZone: options.timeZone ?? 'UTC',
    foldLines: options.foldLines ?? 20,
    attachmentLink: options.attachmentLink ?? noLink,
    remoteContent: options.remoteContent ?? 'link',
    ...(options.tool === undefined ? {} : {tool: options.tool}),
    ...(options.toolName === undefined ? {} : {toolName: options.toolName}),
    ...(options.indexHref === undefined ? {} : {indexHref: options.indexHref}),
    ...(options.pageChars === undefined ? {} : {pageChars: options.pageChars}),
    ...(options.pageName === undefined ? {} : {pageName: options.pageName}),
    ...(options.parent === undefined ? {} : {parent: options.parent}),
    ...(options.project === undefined ? {} : {project: options.project})
  }
}

/** No place for attachments: each shows as its line alone. */
function noLink(): undefined {
  return undefined
}
