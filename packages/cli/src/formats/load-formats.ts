import {createRequire} from 'node:module'
import {isAbsolute, join, resolve} from 'node:path'
import {pathToFileURL} from 'node:url'
import type {FormatPlugin} from '@chatmark/core'
import {UsageError} from '../base/usage-error.js'

/**
 * Loads formats named with `--use`: a path (`./my-format.js`) or a package
 * name, resolved from the working directory. The module's default export, or
 * else each named export, may be a plugin or a factory that returns one.
 */
export async function loadFormats(specifiers: readonly string[], cwd: string): Promise<FormatPlugin[]> {
  const formats: FormatPlugin[] = []
  for (const specifier of specifiers) {
    let module: Record<string, unknown>
    try {
      module = (await import(resolveSpecifier(specifier, cwd))) as Record<string, unknown>
    } catch (error) {
      throw new UsageError(
        `Cannot load format \`${specifier}\`: ${error instanceof Error ? error.message : String(error)}`
      )
    }
    const candidates = 'default' in module ? [module['default']] : Object.values(module)
    const found = candidates.map(asPlugin).filter((plugin): plugin is FormatPlugin => plugin !== undefined)
    if (found.length === 0) {
      throw new UsageError(
        `Cannot load format \`${specifier}\`: it exports no format plugin (an object with \`name\`, \`detect\` and ` +
          `\`parse\`, or a function returning one)`
      )
    }
    formats.push(...found)
  }
  return formats
}

function resolveSpecifier(specifier: string, cwd: string): string {
  if (specifier.startsWith('.') || isAbsolute(specifier)) return pathToFileURL(resolve(cwd, specifier)).href
  return pathToFileURL(createRequire(join(cwd, 'noop.js')).resolve(specifier)).href
}

function asPlugin(value: unknown): FormatPlugin | undefined {
  const candidate = typeof value === 'function' ? (value as () => unknown)() : value
  if (typeof candidate !== 'object' || candidate === null) return undefined
  const plugin = candidate as Partial<FormatPlugin>
  return typeof plugin.name === 'string' && typeof plugin.detect === 'function' && typeof plugin.parse === 'function'
    ? (plugin as FormatPlugin)
    : undefined
}
