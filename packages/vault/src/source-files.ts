import {glob} from 'tinyglobby'
import type {SourceRoot} from './default-sources.js'

/**
 * The session files under the tools' folders, sorted. A folder that does not
 * exist gives none; links are not followed. Where Gemini CLI left both
 * `X.json` and `X.jsonl` (a resumed legacy session), the `.jsonl` holds all of
 * it and the `.json` is left out.
 */
export async function sourceFiles(roots: readonly SourceRoot[]): Promise<string[]> {
  const found = new Set<string>()
  for (const root of roots) {
    const files = await glob(root.patterns, {
      cwd: root.path,
      absolute: true,
      onlyFiles: true,
      followSymbolicLinks: false,
      dot: false,
      ignore: root.ignore ?? [],
      expandDirectories: false
    }).catch(() => [])
    for (const file of files) found.add(file)
  }
  return [...found].filter((file) => !(file.endsWith('.json') && found.has(`${file}l`))).sort()
}
