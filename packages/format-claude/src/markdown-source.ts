/**
 * Small pieces of Markdown source that the Claude.ai reader writes into text
 * parts itself (artifacts, pasted files, citation footnotes). Message text is
 * kept verbatim; only these wrappers are generated.
 */

/** A fenced code block whose fence is longer than any backtick run inside. */
export function fenced(code: string, language: string): string {
  const longest = Math.max(0, ...Array.from(code.matchAll(/`+/g), (match) => match[0].length))
  const fence = '`'.repeat(Math.max(3, longest + 1))
  return `${fence}${language}\n${code.replace(/\n$/, '')}\n${fence}`
}

/** Text on one line with Markdown punctuation escaped, for emphasis or link labels. */
export function inlineText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_{}[\]()<>#+!|~&]/g, '\\$&')
}

/** Code span with a backtick run longer than any inside. */
export function codeSpan(text: string): string {
  const value = text.replace(/\s+/g, ' ').trim()
  const longest = Math.max(0, ...Array.from(value.matchAll(/`+/g), (match) => match[0].length))
  const ticks = '`'.repeat(longest + 1)
  const pad = value.startsWith('`') || value.endsWith('`') ? ' ' : ''
  return `${ticks}${pad}${value}${pad}${ticks}`
}

/** A URL as an autolink destination: `<...>` with spaces and angle brackets encoded. */
export function autolink(url: string): string {
  return `<${url.replace(/[\s<>]/g, (character) => encodeURIComponent(character))}>`
}

const extensionLanguages: Readonly<Record<string, string>> = {
  py: 'python',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'jsx',
  ts: 'typescript',
  tsx: 'tsx',
  json: 'json',
  md: 'markdown',
  html: 'html',
  css: 'css',
  sh: 'sh',
  bash: 'bash',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'toml',
  csv: 'csv',
  sql: 'sql',
  rs: 'rust',
  go: 'go',
  java: 'java',
  kt: 'kotlin',
  swift: 'swift',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  cs: 'csharp',
  rb: 'ruby',
  php: 'php',
  xml: 'xml',
  svg: 'xml',
  tex: 'latex',
  r: 'r'
}

const mimeLanguages: Readonly<Record<string, string>> = {
  'text/x-python': 'python',
  'text/javascript': 'javascript',
  'application/javascript': 'javascript',
  'application/json': 'json',
  'text/markdown': 'markdown',
  'text/html': 'html',
  'text/css': 'css',
  'text/csv': 'csv',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'image/svg+xml': 'xml',
  'application/vnd.ant.react': 'jsx',
  'application/vnd.ant.mermaid': 'mermaid'
}

/** The code block language for a file, from its name's extension, else its MIME type, else `text`. */
export function languageOf(fileName: string | undefined, mimeType: string | undefined): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName ?? '')?.[1]?.toLowerCase()
  return (
    (extension === undefined ? undefined : extensionLanguages[extension]) ??
    (mimeType === undefined ? undefined : mimeLanguages[mimeType.toLowerCase()]) ??
    'text'
  )
}
