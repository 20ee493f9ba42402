/**
 * A Markdown link whose text and destination cannot break out of it: the text
 * has Markdown punctuation escaped and whitespace folded, the destination has
 * spaces, parentheses and angle brackets percent-encoded. Without a label the
 * page's host names it (`example.com`), or the address itself when it is not
 * a URL. Core's renderer uses it for quoted pages; readers that still turn
 * citation markers inside message text into links use it too.
 */
export function markdownLink(label: string | undefined, url: string): string {
  let text = label?.trim()
  if (!text) {
    try {
      text = new URL(url).hostname.replace(/^www\./, '')
    } catch {
      text = url
    }
  }
  const safeText = text.replace(/[\\[\]*_`<>]/g, (character) => `\\${character}`).replace(/\s+/g, ' ')
  const safeUrl = url.replace(
    /[\s()<>]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
  )
  return `[${safeText}](${safeUrl})`
}
