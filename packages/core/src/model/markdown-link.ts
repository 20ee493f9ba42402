/**
 * A Markdown link whose text and destination cannot break out of it: the text
 * has Markdown punctuation and `&` escaped and whitespace folded, the destination has
 * spaces, parentheses and angle brackets percent-encoded (see
 * {@link linkLabel} and {@link linkDestination}). For readers that turn
 * another markup's links (ChatGPT's citation markers) into Markdown text.
 */
export function markdownLink(label: string | undefined, url: string): string {
  return `[${linkLabel(label, url).replace(/[\\[\]*_`<>&^]/g, escapeInLabel)}](${linkDestination(url)})`
}

/**
 * A character of link text, escaped: a backslash before Markdown punctuation and `&` (else `&lt;` in a page's
 * title would read as `<`); a backslash and `^` as entities, since the obsidian profile reads `\[...\]` that holds
 * either as display math (`obsidianMarkdown`), and a citation's title is no math.
 */
function escapeInLabel(character: string): string {
  if (character === '\\') return '&#92;'
  if (character === '^') return '&#94;'
  return `\\${character}`
}

/**
 * A link's text: the label with whitespace folded; without one, the page's
 * host (`example.com`), or the address itself when it is not a URL.
 */
export function linkLabel(label: string | undefined, url: string): string {
  const text = label?.replace(/\s+/g, ' ').trim()
  if (text) return text
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return url
  }
}

/** A link destination with spaces, parentheses and angle brackets percent-encoded, so it needs no `<...>`. */
export function linkDestination(url: string): string {
  return url.replace(
    /[\s()<>]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
  )
}
