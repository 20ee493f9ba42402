/**
 * Small pieces of Markdown source that the Claude.ai reader writes into text
 * parts itself (citation footnotes), and the code block language of a file.
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

/**
 * The code block language of an artifact: its own `language` (a code artifact's),
 * else the one its MIME type implies (`text/html` is html, a React component jsx),
 * else `text`.
 */
export function artifactLanguage(language: string | undefined, type: string | undefined): string {
  if (language !== undefined && /^[\w+#.-]+$/.test(language)) return language.toLowerCase()
  return languageOf(undefined, type)
}
