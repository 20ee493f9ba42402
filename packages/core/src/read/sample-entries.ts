/**
 * At most `limit` of a container's file paths (`/`-separated, sorted), in
 * their order, for its sample. Past the limit, every folder keeps its share
 * rather than the first paths in name order: the files of a folder come before
 * its subfolders, and what is left is split evenly among the subfolders (one
 * that needs less gives the rest to the others), at every level. So the root
 * files that say what a container is survive any number of files beside them:
 * a Slack export of 20,000 channels listed its channel folders before
 * `channels.json` and `users.json`, which fell past the first 20,000 paths, and
 * the export was walked channel by channel, without its names, in 20 times the
 * time; an OpenCode storage folder lists `message/` and `part/` before `session/`.
 */
export function sampleEntries(paths: readonly string[], limit: number): string[] {
  if (paths.length <= limit) return [...paths]
  const chosen = new Set<number>()
  choose(
    paths,
    paths.map((_, index) => index),
    0,
    limit,
    chosen
  )
  return paths.filter((_, index) => chosen.has(index))
}

/** Chooses up to `budget` of `indices` (paths that share their first `from` characters: one folder's). */
function choose(
  paths: readonly string[],
  indices: readonly number[],
  from: number,
  budget: number,
  chosen: Set<number>
): void {
  if (indices.length <= budget) {
    for (const index of indices) chosen.add(index)
    return
  }
  const folders = new Map<string, number[]>()
  let left = budget
  for (const index of indices) {
    const path = paths[index] ?? ''
    const slash = path.indexOf('/', from)
    if (slash === -1) {
      if (left > 0) {
        chosen.add(index)
        left--
      }
      continue
    }
    const folder = path.slice(from, slash + 1)
    const members = folders.get(folder)
    if (members) members.push(index)
    else folders.set(folder, [index])
  }
  // Smallest first: a folder that needs less than its share leaves the rest to the larger ones after it.
  const bySize = [...folders].sort(([, a], [, b]) => a.length - b.length)
  for (const [position, [folder, members]] of bySize.entries()) {
    const share = Math.floor(left / (bySize.length - position))
    if (share === 0) continue
    const given = Math.min(members.length, share)
    choose(paths, members, from + folder.length, given, chosen)
    left -= given
  }
}
