import {existsSync} from 'node:fs'
import {mkdir, stat} from 'node:fs/promises'
import {generateShortTurns} from './generate-short-turns.js'
import {measure} from './measure.js'

/** Where the case works: its data folder, the bundled command, and the largest session (lines). */
export interface HtmlLinesSetup {
  dataDir: string
  bundle: string
  maxLines: number
}

/**
 * Issue 25, item 2: peak memory of `--to html` against Markdown for Claude Code sessions of short turns, 50,000
 * lines and doubling: HTML built a turn at a time keeps to Markdown's curve (the tree of the whole conversation
 * was 920 MB at 200,000 lines).
 */
export async function benchHtmlLines(setup: HtmlLinesSetup): Promise<void> {
  await mkdir(setup.dataDir, {recursive: true})
  console.log('\nShort-turn Claude Code sessions: peak RSS (MB) to Markdown and HTML')
  console.log(
    `${'lines'.padStart(9)}${'input MB'.padStart(10)}${'markdown'.padStart(10)}${'html'.padStart(8)}  html/md`
  )
  for (let lines = 50_000; lines <= setup.maxLines; lines *= 2) {
    const path = `${setup.dataDir}short-turns-${lines}.jsonl`
    if (!existsSync(path)) await generateShortTurns(path, lines)
    const size = (await stat(path)).size
    const markdown = await measure([setup.bundle, path])
    const html = await measure([setup.bundle, '--to', 'html', path])
    const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0)
    console.log(
      `${String(lines).padStart(9)}${mb(size).padStart(10)}${mb(markdown.peakRss).padStart(10)}` +
        `${mb(html.peakRss).padStart(8)}  ${(html.peakRss / markdown.peakRss).toFixed(2)}`
    )
  }
}
