import {createRequire} from 'node:module'

/**
 * Loads a dependency synchronously. The renderers are synchronous, and import
 * their optional modules (markdown-it, the Markdown parser) on first use: ahead
 * of time with `import()` when a caller passes `ReadOptions.render` (as the CLI
 * does, so its bundle keeps them in chunks of their own), or else with this,
 * when a library user calls `toNote` or `containMarkdown` directly. Requiring
 * the ES-module-only Markdown parser needs Node 20.19 or later.
 */
export const requireModule: (specifier: string) => unknown = createRequire(import.meta.url)
