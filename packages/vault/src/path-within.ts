import {isAbsolute, relative, sep} from 'node:path'

/** `path` relative to `root`, with `/` (`''`: the root itself), when it is `root` or inside it; else `undefined`. */
export function within(root: string, path: string): string | undefined {
  const rest = relative(root, path)
  if (rest === '..' || rest.startsWith(`..${sep}`) || isAbsolute(rest)) return undefined
  return rest.split(sep).join('/')
}
