import {isRecord, stringOf} from '@chatmark/core/model'

/**
 * A serialized VS Code `URI` (`UriComponents` with `$mid: 1`): `scheme`,
 * `path`, and, once the URI was shown, `fsPath` and `external`. The file's
 * path as the user knows it (`fsPath`, else the path of a `file` URI with a
 * Windows drive's leading slash taken off), else the URI as text; `undefined`
 * for anything else.
 */
export function uriPath(value: unknown): string | undefined {
  if (typeof value === 'string') return value.startsWith('file://') ? fileUriPath(value) : value
  if (!isRecord(value)) return undefined
  const fsPath = stringOf(value['fsPath'])
  if (fsPath) return fsPath
  const path = stringOf(value['path'])
  const scheme = stringOf(value['scheme'])
  if (path !== undefined && (scheme === 'file' || scheme === undefined)) return withoutDriveSlash(path)
  const external = stringOf(value['external'])
  if (external) return external
  if (path === undefined || !scheme) return undefined
  const authority = stringOf(value['authority']) ?? ''
  return `${scheme}://${authority}${path}`
}

/** The path of a `file:` URI string (`file:///c%3A/x` gives `c:/x`); the string itself when it is not one. */
export function fileUriPath(uri: string): string {
  const match = /^file:\/\/[^/]*(\/[^?#]*)/.exec(uri)
  if (!match) return uri
  let path = match[1]!
  try {
    path = decodeURIComponent(path)
  } catch {
    // A stray `%`: the path as written.
  }
  return withoutDriveSlash(path)
}

function withoutDriveSlash(path: string): string {
  return /^\/[A-Za-z]:/.test(path) ? path.slice(1) : path
}

/** The last segment of a path or URI, as VS Code's `basename` names a file. */
export function baseName(path: string): string {
  const trimmed = path.replace(/[/\\]+$/, '')
  return trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1) || trimmed
}

/**
 * A reference's URI: a `URI`, or a `Location` (`{uri, range}`) whose range
 * VS Code shows as `:12` or `:12-20` after the name (chatModel.ts `uriToRepr`).
 */
export function locationOf(value: unknown): {path: string; lines?: string} | undefined {
  if (typeof value === 'string') {
    const path = uriPath(value)
    return path ? {path} : undefined
  }
  if (!isRecord(value)) return undefined
  const inner = value['uri']
  if (isRecord(inner)) {
    const path = uriPath(inner)
    if (!path) return undefined
    const range = value['range']
    const lines = isRecord(range) ? rangeText(range['startLineNumber'], range['endLineNumber']) : undefined
    return lines ? {path, lines} : {path}
  }
  const path = uriPath(value)
  return path ? {path} : undefined
}

function rangeText(start: unknown, end: unknown): string | undefined {
  if (typeof start !== 'number') return undefined
  return typeof end !== 'number' || end === start ? `${start}` : `${start}-${end}`
}
