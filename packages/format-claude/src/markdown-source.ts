import {languageOf} from '@chatmark/core/model'

/**
 * Small pieces of Markdown source that the Claude.ai reader writes into text
 * parts itself (citation footnotes), and the code block language of an artifact.
 * Message text is kept verbatim; only these wrappers are generated.
 */

/** Text on one line with Markdown punctuation escaped, for emphasis or link labels. */
export function inlineText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_{}[\]()<>#+!|~&]/g, '\\$&')
}

/** A URL as an autolink destination: `<...>` with spaces and angle brackets encoded. */
export function autolink(url: string): string {
  return `<${url.replace(/[\s<>]/g, (character) => encodeURIComponent(character))}>`
}

/**
 * The code block language of an artifact: its own `language` (a code artifact's),
 * else the one its MIME type implies (`text/html` is html, a React component jsx),
 * else `text`.
 */
export function artifactLanguage(language: string | undefined, type: string | undefined): string {
  if (language !== undefined && /^[\w+#.-]+$/.test(language)) return language.toLowerCase()
  return languageOf(undefined, type)
}
