import assert from 'node:assert/strict'
import {existsSync} from 'node:fs'
import {mkdir, mkdtemp, readdir, readFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {pathToFileURL} from 'node:url'
import type {Conversation} from 'chatmark'
import {conversationToMdast} from 'chatmark'
import type {Browser, Page} from 'puppeteer-core'
import {afterAll, beforeAll, test} from 'vitest'
import {chromiumAvailable, launchChromium} from '../util/chromium.js'
import {runInstalled} from '../util/installed.js'
import {repoRoot} from '../../packages/cli/test/run-cli.js'

// Pages written by the real command (the installed package's, `--to html -o`), opened in headless
// Chromium: every turn is there and visible, a fold opens when its summary is clicked,
// hostile message text runs nothing (no script, no dialog, no console message, the
// page not restyled), and no request leaves the page. Screenshots go to
// coverage/browser/<case>.png. Chromium: ../util/chromium.ts. Hostile text of every kind in every carrier:
// ../hostile/xss.test.ts.

const screenshots = join(repoRoot, 'coverage', 'browser')

interface PageCase {
  name: string
  /** Command-line arguments before `--to html -o <dir>`, inputs included. */
  argv: string[]
  /** The page to open, by a part of its file name; `index.html` for the index. */
  page: string
}

const cases: PageCase[] = [
  // Thinking, tool calls, a compaction notice with its summary folded.
  {
    name: 'claude-code',
    argv: ['packages/format-claude/fixtures/claude-code/real-tui-compact/input.jsonl'],
    page: 'good-morning'
  },
  // An export of several conversations: one page each, and the index.
  {name: 'chatgpt-export', argv: ['packages/format-chatgpt/fixtures/odd-conversations/input.json'], page: 'index.html'},
  // Script, event handlers, javascript: links, a stylesheet and an iframe in message text.
  {
    name: 'hostile',
    argv: ['--use', './test/browser/model-format.js', 'fixtures/writers/hostile-html/conversation.json'],
    page: '.html'
  }
]

if (chromiumAvailable()) {
  let browser: Browser
  let closeBrowser: (() => Promise<void>) | undefined
  const written = new Map<string, Promise<{dir: string; paths: string[]}>>()

  beforeAll(async () => {
    const launched = await launchChromium()
    browser = launched.browser
    closeBrowser = launched.close
    await mkdir(screenshots, {recursive: true})
  }, 30_000)

  afterAll(async () => {
    await closeBrowser?.()
  })

  /** The pages the installed command writes for a case, once per case. */
  const pagesOf = (fixture: PageCase): Promise<{dir: string; paths: string[]}> => {
    let pages = written.get(fixture.name)
    if (!pages) {
      pages = (async () => {
        const dir = await mkdtemp(join(tmpdir(), `chatmark-pages-${fixture.name}-`))
        const run = await runInstalled([...fixture.argv, '--to', 'html', '-o', dir], {cwd: repoRoot})
        assert.equal(run.code, 0, run.stderr)
        return {dir, paths: run.stdout.trim().split('\n')}
      })()
      written.set(fixture.name, pages)
    }
    return pages
  }

  /** A page in a fresh tab that records every request, dialog, console message and error. */
  async function open(url: string): Promise<{page: Page; events: string[]; requests: string[]}> {
    const page = await browser.newPage()
    const events: string[] = []
    const requests: string[] = []
    await page.setViewport({width: 1000, height: 800})
    await page.setRequestInterception(true)
    page.on('request', (request) => {
      const address = request.url()
      if (/^(file|data):/.test(address)) void request.continue()
      else {
        requests.push(address)
        void request.abort()
      }
    })
    page.on('dialog', (dialog) => {
      events.push(`dialog: ${dialog.message()}`)
      void dialog.dismiss()
    })
    page.on('console', (message) => events.push(`console ${message.type()}: ${message.text()}`))
    page.on('pageerror', (error) => events.push(`page error: ${String(error)}`))
    await page.goto(url, {waitUntil: 'load'})
    return {page, events, requests}
  }

  /** The model the command reads from the same input, to count the turns a page must show. */
  async function turnsShown(argv: string[]): Promise<number[]> {
    const run = await runInstalled(['--json', ...argv], {cwd: repoRoot})
    const line = JSON.parse(run.stdout.trim().split('\n')[0]!) as {conversations: Conversation[]}
    return line.conversations.map((conversation) => countTurns(conversationToMdast(conversation)))
  }

  for (const fixture of cases) {
    test(`${fixture.name}: the page shows every turn, folds open, nothing runs and nothing is requested`, async () => {
      const {dir, paths} = await pagesOf(fixture)
      const path = paths.find((candidate) => candidate.endsWith(fixture.page) || candidate.includes(fixture.page))
      assert.ok(path, `a page named like ${fixture.page} among ${paths.join(', ')}`)
      const {page, events, requests} = await open(pathToFileURL(path).href)
      try {
        if (fixture.page === 'index.html') {
          const links = await page.$$eval('table.index a', (anchors) => anchors.map((anchor) => anchor.href))
          assert.equal(links.length, paths.length - 1, 'one row per page')
          for (const link of links) assert.ok(existsSync(new URL(link)), link)
          await page.screenshot({path: join(screenshots, `${fixture.name}-index.png`), fullPage: true})
          console.log(`screenshot: ${relative(repoRoot, join(screenshots, `${fixture.name}-index.png`))}`)
          await Promise.all([page.waitForNavigation(), page.click('table.index a')])
          assert.match(await page.title(), /\S/)
        }
        // Every turn of the note is a section; those outside folds are on screen.
        const counts = await turnsShown(fixture.argv)
        const pages = (await readdir(dir)).filter((name) => name !== 'index.html' && !name.startsWith('.'))
        assert.equal(pages.length, counts.length)
        const sections = await page.$$eval('section.turn', (nodes) => nodes.length)
        assert.ok(counts.includes(sections), `${sections} sections, the model shows ${counts.join(' or ')} turns`)
        const hidden = await page.$$eval(
          'section.turn:not(.turn-nested)',
          (nodes) => nodes.filter((node) => node.getBoundingClientRect().height === 0).length
        )
        assert.equal(hidden, 0, 'every turn is visible')

        // A fold opens when its summary is clicked, and shows what it holds.
        if ((await page.$('details.fold')) !== null) {
          assert.equal(await page.$eval('details.fold', (fold) => (fold as unknown as {open: boolean}).open), false)
          await page.click('details.fold > summary')
          assert.equal(await page.$eval('details.fold', (fold) => (fold as unknown as {open: boolean}).open), true)
          const height = await page.$eval('details.fold > .fold-body', (body) => body.getBoundingClientRect().height)
          assert.ok(height > 0, 'the open fold shows its content')
        }

        const state = await page.evaluate(() => {
          const {document, getComputedStyle, pwned} = globalThis as unknown as BrowserGlobals
          const links = [...document.querySelectorAll('a[href]')].map((anchor) => anchor.href ?? '')
          return {
            pwned,
            title: document.title,
            display: getComputedStyle(document.body).display,
            turnBackground: getComputedStyle(document.querySelector('section.turn') ?? document.body).backgroundColor,
            live: [...document.querySelectorAll('script, iframe, img, svg, object, embed, link, base, form')].length,
            styles: [...document.querySelectorAll('style')].length,
            javascriptLinks: links.filter((href) => /^javascript:/i.test(href)).length
          }
        })
        assert.equal(state.pwned, undefined, 'no script ran')
        assert.equal(state.display, 'block', 'the page is not hidden by a stylesheet from a message')
        assert.notEqual(state.turnBackground, 'rgb(255, 0, 0)', 'turns keep their own background')
        assert.deepEqual([state.live, state.styles, state.javascriptLinks], [0, 1, 0])
        if (fixture.name === 'hostile') {
          const model = JSON.parse(await readFile(join(repoRoot, fixture.argv.at(-1)!), 'utf8')) as Conversation
          assert.equal(state.title, model.title, 'the title is text, not markup')
        }
        await page.screenshot({path: join(screenshots, `${fixture.name}.png`), fullPage: true})
        console.log(`screenshot: ${relative(repoRoot, join(screenshots, `${fixture.name}.png`))}`)
        assert.deepEqual(events, [], 'no dialog, console message or page error')
        assert.deepEqual(requests, [], 'no request left the page')
      } finally {
        await page.close()
      }
    })
  }

  test('the dark colour scheme is followed: a page has a dark background when the system asks', async () => {
    const {paths} = await pagesOf(cases[0]!)
    const {page} = await open(pathToFileURL(paths[0]!).href)
    try {
      const background = (): string => {
        const {document, getComputedStyle} = globalThis as unknown as BrowserGlobals
        return getComputedStyle(document.body).backgroundColor
      }
      const light = await page.evaluate(background)
      await page.emulateMediaFeatures([{name: 'prefers-color-scheme', value: 'dark'}])
      const dark = await page.evaluate(background)
      assert.notEqual(dark, light)
      const [red, green, blue] = (dark.match(/\d+/g) ?? []).map(Number)
      assert.ok((red ?? 255) + (green ?? 255) + (blue ?? 255) < 150, `a dark background: ${dark}`)
      await page.screenshot({path: join(screenshots, `${cases[0]!.name}-dark.png`)})
      console.log(`screenshot: ${relative(repoRoot, join(screenshots, `${cases[0]!.name}-dark.png`))}`)
    } finally {
      await page.close()
    }
  })
}

/** The `chatmarkTurn` nodes of a tree, nested ones included: the sections its page has. */
function countTurns(node: {type: string; children?: unknown[]}): number {
  const own = node.type === 'chatmarkTurn' ? 1 : 0
  const children = (node.children ?? []) as Array<{type: string; children?: unknown[]}>
  return own + children.reduce((sum, child) => sum + countTurns(child), 0)
}

/** What the checks read inside the page (this file is compiled without the DOM library). */
interface BrowserGlobals {
  pwned?: unknown
  document: {
    title: string
    body: object
    querySelector(selector: string): object | null
    querySelectorAll(selector: string): Iterable<{href?: string}>
  }
  getComputedStyle(element: object): {display: string; backgroundColor: string}
}
