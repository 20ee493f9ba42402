import {createRequire} from 'node:module'

/** The package's version, set by the bundler (`scripts/bundle.js`); the compiled library reads package.json. */
declare const CHATMARK_VERSION: string | undefined

/** What `--version` prints: `chatmark 0.1.0`. */
export function versionLine(): string {
  if (typeof CHATMARK_VERSION === 'string') return `chatmark ${CHATMARK_VERSION}`
  const manifest = createRequire(import.meta.url)('../../package.json') as {version?: unknown}
  return `chatmark ${String(manifest.version)}`
}
