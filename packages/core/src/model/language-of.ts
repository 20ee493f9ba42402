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

/**
 * The code block language of a file whose text a conversation holds (an
 * attachment's extracted text, a file a prompt referenced): from its name's
 * extension, else its MIME type, else `text`.
 */
export function languageOf(fileName: string | undefined, mimeType: string | undefined): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName ?? '')?.[1]?.toLowerCase()
  return (
    (extension === undefined ? undefined : extensionLanguages[extension]) ??
    (mimeType === undefined ? undefined : mimeLanguages[mimeType.toLowerCase()]) ??
    'text'
  )
}
