import assert from 'node:assert/strict'
import {existsSync} from 'node:fs'
import {mkdir, mkdtemp, readdir, readFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import type {Browser, Page} from 'puppeteer-core'
import {afterAll, beforeAll, test} from 'vitest'
import {generateClaudeSession} from '../../bench/generate-claude.js'
import {repoRoot} from '../../packages/cli/test/run-cli.js'
import {chromiumAvailable, launchChromium} from '../util/chromium.js'
import {runInstalled} from '../util/installed.js'

// Reading a conversation in a real browser: pages written by the installed command (`--to html -o`), opened in
// headless Chromium at a desktop's and a phone's width, light and dark. Each page must not scroll sideways, every
// tool call's fold must open and show what it holds, every link to a place (`#t12`, `#p3`, the next page's
// `#p8`) must land on an element, and the folder's index must list every conversation's first page. Screenshots go
// to coverage/browser/reading/<case>-<width>-<scheme>.png, to be looked at.

const screenshots = join(repoRoot, 'coverage', 'browser', 'reading')

interface ReadingCase {
  name: string
  /** Command-line arguments before `--to html -o <dir>`, inputs included. */
  argv: () => Promise<string[]>
  /** How many conversations (first pages) the folder must hold. */
  conversations: number
  /** How many pages the folder holds at least (a long session's are several). Default: one per conversation. */
  pages?: number
  /** An anchor to open for the second screenshot (a place in the middle of a long page), when the page has it. */
  anchor?: string
}

const cases: ReadingCase[] = [
  // A long Claude Code 2.1 session (thinking, Bash, Read, Edit, long outputs, a compaction, rewinds), split into
  // pages of 1 MB: the generator the benchmarks use, at 3.5 MB (pages of about 1.3 MB of HTML).
  {
    name: 'claude-code-long',
    argv: async () => {
      const dir = await mkdtemp(join(tmpdir(), 'chatmark-reading-'))
      const path = join(dir, 'session.jsonl')
      await generateClaudeSession(path, 3.5 * 1024 * 1024)
      return ['--page-size', '1', path]
    },
    conversations: 1,
    pages: 2,
    anchor: '#t40'
  },
  // Real subagents (Claude Code 2.1.332), and wide lines of every kind: a long command, a wide table, a long URL.
  {
    name: 'claude-code-subagents',
    argv: async () => [
      '--subagents',
      'packages/format-claude/fixtures/claude-code/real-2.1-subagent-files/input.jsonl',
      'packages/format-claude/fixtures/claude-code/real-2.0-agent-files/input.jsonl'
    ],
    conversations: 2,
    anchor: '#t2'
  },
  {
    name: 'wide-tools',
    argv: async () => ['--use', './test/browser/model-format.js', 'fixtures/writers/reading-tools/conversation.json'],
    conversations: 1,
    anchor: '#t2'
  },
  // ChatGPT: images (a chart Python made, an upload) and web search citations.
  {
    name: 'chatgpt-images-citations',
    argv: async () => [
      'packages/format-chatgpt/fixtures/python-images-uploads/input.json',
      'packages/format-chatgpt/fixtures/web-search-citations/input.json'
    ],
    conversations: 2
  },
  // A Slack export: channels of people and a bot, threads, reactions.
  {name: 'slack-channel', argv: async () => ['packages/format-slack/fixtures/export/input'], conversations: 2}
]

const views = [
  {width: 1280, height: 900, label: 'desktop'},
  {width: 390, height: 844, label: 'phone'}
] as const
const schemes = ['light', 'dark'] as const

if (chromiumAvailable()) {
  let browser: Browser
  let closeBrowser: (() => Promise<void>) | undefined

  beforeAll(async () => {
    const launched = await launchChromium()
    browser = launched.browser
    closeBrowser = launched.close
    await mkdir(screenshots, {recursive: true})
  }, 30_000)

  afterAll(async () => {
    await closeBrowser?.()
  })

  for (const reading of cases) {
    test(`${reading.name}: no page scrolls sideways, every tool fold opens, every anchor lands, the index lists all`, {
      timeout: 240_000
    }, async () => {
      const dir = await mkdtemp(join(tmpdir(), `chatmark-reading-${reading.name}-`))
      const run = await runInstalled([...(await reading.argv()), '--to', 'html', '-o', dir], {cwd: repoRoot})
      assert.equal(run.code, 0, run.stderr)
      const pages = (await readdir(dir)).filter((name) => name.endsWith('.html') && name !== 'index.html').sort()
      const first = pages.filter((name) => !/-page-\d+\.html$/.test(name))
      assert.equal(first.length, reading.conversations, pages.join(', '))
      assert.ok(pages.length >= (reading.pages ?? reading.conversations), `${pages.length} pages: ${pages.join(', ')}`)

      // The index lists every conversation, by its first page, and nothing that is not there.
      const index = await readFile(join(dir, 'index.html'), 'utf8')
      const listed = new Set([...index.matchAll(/<tr><td><a href="([^"]+)">/g)].map((match) => decodeURI(match[1]!)))
      assert.deepEqual([...listed].sort(), first)

      for (const name of pages) {
        const html = await readFile(join(dir, name), 'utf8')
        await linksLand(html, dir, name)
        // A page after the first is checked, not shown.
        const shown = first.indexOf(name)
        for (const view of views) {
          for (const scheme of shown === -1 ? (['light'] as const) : schemes) {
            const page = await browser.newPage()
            try {
              await page.setViewport({width: view.width, height: view.height})
              await page.emulateMediaFeatures([{name: 'prefers-color-scheme', value: scheme}])
              await page.goto(pathToFileURL(join(dir, name)).href, {waitUntil: 'load'})
              // Each conversation's first page, as a reader first sees it, folds closed.
              const label = `${reading.name}${shown > 0 ? `-${shown + 1}` : ''}-${view.label}-${scheme}`
              const shot = join(screenshots, `${label}.png`)
              if (shown !== -1) {
                await page.screenshot({path: shot})
                console.log(`screenshot: ${relative(repoRoot, shot)}`)
              }
              // The scheme changes colours, not layout: each width is checked once, in light.
              if (scheme === 'light') await assertReadable(page, `${name} at ${view.label} width`)
              if (shown === 0) {
                if (reading.anchor && html.includes(`id="${reading.anchor.slice(1)}"`)) {
                  await openFolds(page)
                  await page.goto(`${pathToFileURL(join(dir, name)).href}${reading.anchor}`, {waitUntil: 'load'})
                  await openFolds(page)
                  const inside = join(screenshots, `${label}-open.png`)
                  await page.screenshot({path: inside})
                  console.log(`screenshot: ${relative(repoRoot, inside)}`)
                }
              }
            } finally {
              await page.close()
            }
          }
        }
      }
      if (existsSync(join(dir, 'index.html'))) {
        const page = await browser.newPage()
        try {
          for (const view of views) {
            await page.setViewport({width: view.width, height: view.height})
            await page.goto(pathToFileURL(join(dir, 'index.html')).href, {waitUntil: 'load'})
            assert.equal(await sideways(page), 0, `index.html at ${view.label} width scrolls sideways`)
            const shot = join(screenshots, `${reading.name}-index-${view.label}.png`)
            await page.screenshot({path: shot, fullPage: true})
            console.log(`screenshot: ${relative(repoRoot, shot)}`)
          }
        } finally {
          await page.close()
        }
      }
    })
  }
}

/**
 * Every link of a page to a place lands: `#id` on the page, `other.html#id` on the page beside it, and a page
 * beside it exists.
 */
async function linksLand(html: string, dir: string, name: string): Promise<void> {
  const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]))
  const others = new Map<string, Set<string | undefined>>()
  for (const [, href] of html.matchAll(/ href="([^"]*)"/g)) {
    if (href === undefined || /^(?:https?|mailto):/.test(href)) continue
    const [file, fragment] = href.split('#') as [string, string | undefined]
    if (file === '') {
      assert.ok(ids.has(fragment), `${name}: #${fragment} lands nowhere`)
      continue
    }
    const path = fileURLToPath(new URL(file, pathToFileURL(join(dir, name))))
    // An attachment's file is beside the page only when the run copied it; a page of the folder always is.
    if (!file.endsWith('.html')) continue
    assert.ok(existsSync(path), `${name}: ${file} is not there`)
    if (fragment === undefined) continue
    let theirs = others.get(path)
    if (!theirs) {
      theirs = new Set([...(await readFile(path, 'utf8')).matchAll(/ id="([^"]+)"/g)].map((match) => match[1]))
      others.set(path, theirs)
    }
    assert.ok(theirs.has(fragment), `${name}: ${href} lands nowhere`)
  }
}

/** How far the page scrolls sideways, in CSS pixels (0: not at all). */
function sideways(page: Page): Promise<number> {
  return page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth') as Promise<number>
}

/** The page does not scroll sideways, and every tool call's fold opens on a click and shows what it holds. */
async function assertReadable(page: Page, where: string): Promise<void> {
  assert.equal(await sideways(page), 0, `${where}: the page scrolls sideways`)
  const folds = (await page.evaluate(`(() => {
    const calls = [...document.querySelectorAll('details.tool-call')]
    const closed = calls.filter((call) => !call.open).length
    const shut = []
    for (const [index, call] of calls.entries()) {
      call.querySelector(':scope > summary').click()
      const body = call.querySelector(':scope > .tool-body')
      if (!call.open || !body || body.getBoundingClientRect().height === 0) shut.push(index)
    }
    return {calls: calls.length, closed, shut}
  })()`)) as {calls: number; closed: number; shut: number[]}
  assert.equal(folds.closed, folds.calls, `${where}: every tool call starts folded`)
  assert.deepEqual(folds.shut, [], `${where}: tool folds that did not open`)
  assert.equal(await sideways(page), 0, `${where}, every fold open: the page scrolls sideways`)
}

/** Opens every fold, as a reader looking for something does. */
async function openFolds(page: Page): Promise<void> {
  await page.evaluate(`for (const fold of document.querySelectorAll('details')) fold.open = true`)
}
