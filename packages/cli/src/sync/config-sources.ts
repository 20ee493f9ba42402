import {realpath} from 'node:fs/promises'
import {basename, dirname, isAbsolute, join, relative, resolve, sep} from 'node:path'

/** Where a vault's config may name sources without the user's flag, and whether the flag was given. */
export interface ConfigSourcesContext {
  /** The vault folder, absolute. */
  vault: string
  /** The home folder, for `~`. */
  home: string
  /** The folders where the registered tools keep their sessions. */
  toolFolders: readonly string[]
  /** `--allow-config-sources`: the user trusts this vault's config with any path. */
  allow: boolean
}

/** A vault config's sources: the paths to read, and those refused with why. */
export interface ConfigSources {
  paths: string[]
  refused: Array<{source: string; reason: string}>
}

/**
 * The sources a vault's `.chatmark/config.yaml` names, resolved (`~` is the
 * home folder, a relative path is the vault's). The config is part of the
 * vault, and a vault is often a git repository others write to: a source it
 * names is read only when it lies, symbolic links resolved, inside the vault
 * or a tool's session folder, unless the user passed `--allow-config-sources`.
 * Otherwise a pulled config could copy `~/.netrc` or `~/.aws/credentials`
 * into notes that are then pushed.
 */
export async function configSources(sources: readonly string[], context: ConfigSourcesContext): Promise<ConfigSources> {
  const result: ConfigSources = {paths: [], refused: []}
  const named = sources.map((source) => ({source, path: resolve(context.vault, expandHome(source, context.home))}))
  if (context.allow) {
    result.paths = named.map(({path}) => path)
    return result
  }
  const roots = await Promise.all([context.vault, ...context.toolFolders].map(realOrSelf))
  for (const {source, path} of named) {
    const real = await realOrSelf(path)
    if (roots.some((root) => isInside(real, root))) result.paths.push(path)
    else {
      result.refused.push({
        source,
        reason:
          "outside the vault and the tools' session folders, so not read " +
          '(chatmark sync --allow-config-sources reads what the config names)'
      })
    }
  }
  return result
}

/** `~` and `~/...` in the home folder; any other path as it is. */
export function expandHome(path: string, home: string): string {
  return path === '~' || path.startsWith('~/') ? join(home, path.slice(1)) : path
}

/**
 * The path with its symbolic links resolved. Of a path that does not exist (yet), its nearest folder that does is
 * resolved, and the rest kept: `vault/exports/a.json` is in the vault also when the vault is reached by a link.
 */
async function realOrSelf(path: string): Promise<string> {
  const absolute = resolve(path)
  const real = await realpath(absolute).catch(() => undefined)
  if (real !== undefined) return real
  const parent = dirname(absolute)
  return parent === absolute ? absolute : join(await realOrSelf(parent), basename(absolute))
}

function isInside(path: string, root: string): boolean {
  const rest = relative(root, path)
  return rest === '' || (rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest))
}
