/** How a conversation is rendered as a note. Every field is optional. */
export interface RenderOptions {
  /**
   * `gfm` collapses thinking in `<details>`; `obsidian` uses foldable callouts.
   * Notices are alerts (`> [!NOTE]`) in both. Default: `gfm`.
   */
  profile?: 'gfm' | 'obsidian'
  /** Show thinking. Default: `true`. */
  thinking?: boolean
  /** Show harness notices (info, warnings, errors, compactions). Default: `true`. */
  notices?: boolean
  /**
   * Parse message text into mdast (for remark plugins that work on message
   * content) instead of keeping it verbatim. Slower, and the text is re-printed.
   * Default: `false`.
   */
  parseMessages?: boolean
  /** Longest tool result kept whole, in characters; longer ones keep head and tail. `0`: no limit. Default: `4000`. */
  maxResultChars?: number
  /** IANA time zone for times in headings. Default: `UTC`. */
  timeZone?: string
  /** Tool output with more lines than this is folded (`<details>`, or a folded callout). `0`: never. Default: `20`. */
  foldLines?: number
}

/** {@link RenderOptions} with every default filled in. */
export type ResolvedRenderOptions = Required<RenderOptions>

/** Fills in defaults. */
export function resolveRenderOptions(options: RenderOptions = {}): ResolvedRenderOptions {
  return {
    profile: options.profile ?? 'gfm',
    thinking: options.thinking ?? true,
    notices: options.notices ?? true,
    parseMessages: options.parseMessages ?? false,
    maxResultChars: options.maxResultChars ?? 4000,
    timeZone: options.timeZone ?? 'UTC',
    foldLines: options.foldLines ?? 20
  }
}
