import {basename, extname} from 'node:path'

/**
 * A conversation id from an input's name, for input that carries none: the
 * base name without its extension (`logs/session-1.jsonl` gives `session-1`),
 * or, given `suffixes`, without each of them in turn instead (Codex strips
 * `.zst` or `.gz`, then `.jsonl` or `.json`, so `rollout.jsonl.zst` gives
 * `rollout`). When nothing is left (a name like `.jsonl`), the name itself.
 */
export function idFromName(name: string, suffixes?: readonly RegExp[]): string {
  const stem =
    suffixes === undefined
      ? basename(name, extname(name))
      : suffixes.reduce((rest, suffix) => rest.replace(suffix, ''), basename(name))
  return stem || name
}
