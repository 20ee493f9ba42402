import assert from 'node:assert/strict'
import {mkdtemp, readFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import {afterAll, beforeAll, test} from 'vitest'
import {repoRoot} from '../../packages/cli/test/run-cli.js'
import {carriers, place, writeCarrierInputs} from '../util/carriers.js'
import {chromiumAvailable, launchChromium, openRecorded} from '../util/chromium.js'
import {runInstalled} from '../util/installed.js'
import {nodesOf, noteText, unseen} from '../util/note-text.js'
import {pageProblems} from '../util/page-problems.js'
import {parseNote} from '../util/structure.js'
import {xssPayloads} from './xss-payloads.js'

// Script and requests hidden in transcripts (issue 25: "62 XSS payloads in every carrier, opened in headless
// Chromium"): every payload of ./xss-payloads.ts in every carrier of ../util/carriers.ts (message text, thinking,
// tool calls, titles, attachment names, notices, participants, frontmatter properties, Slack mrkdwn, ChatGPT
// citations and code), converted by the installed command. The pages (a handful: one per input, and the index) are
// opened in headless Chromium as written and again with their Content-Security-Policy ignored, so the sanitising
// is checked on its own: no script runs, no request leaves the page, no element or attribute that could do either
// is in the page as the browser parsed it, and the reader sees every payload. The Markdown notes (gfm and
// obsidian profiles, a note per carrier) are parsed: no payload of a plain-text carrier becomes HTML or a link,
// text that Markdown reads as code stays code, and every payload is kept.

const modelFormat = join(repoRoot, 'test/browser/model-format.js')

/** What the installed command wrote: the pages of all the carriers' inputs, and the notes of each carrier's inputs. */
let written: {pages: string[]; notes: Map<string, string[]>}

beforeAll(async () => {
  const scratch = await mkdtemp(join(tmpdir(), 'chatmark-xss-'))
  const all = await writeCarrierInputs(join(scratch, 'all'), xssPayloads)
  const html = await runInstalled(['--use', modelFormat, '--to', 'html', '-o', join(scratch, 'pages'), ...all], {
    cwd: scratch
  })
  assert.equal(html.code, 0, html.stderr)
  // A note per carrier, and one of none (whose HTML is chatmark's own), so that what a note holds is one carrier's.
  const each: string[] = []
  for (const only of [...carriers.map((carrier) => carrier.code), 'None']) {
    each.push(...(await writeCarrierInputs(join(scratch, 'each'), xssPayloads, only)))
  }
  const notes = new Map<string, string[]>()
  for (const profile of ['gfm', 'obsidian']) {
    const out = join(scratch, profile)
    const run = await runInstalled(['--use', modelFormat, '--profile', profile, '-o', out, ...each], {cwd: scratch})
    assert.equal(run.code, 0, run.stderr)
    notes.set(profile, run.stdout.trim().split('\n'))
  }
  written = {pages: html.stdout.trim().split('\n'), notes}
}, 300_000)

test('the payloads are many and of every kind, and every carrier the issue names is filled', () => {
  assert.ok(xssPayloads.length >= 62, `${xssPayloads.length} payloads`)
  assert.equal(new Set(xssPayloads.map((payload) => payload.text)).size, xssPayloads.length, 'no payload twice')
  for (const payload of xssPayloads) assert.match(payload.text, /\{m\}/, `${payload.name} names its marker`)
  const names = new Set(carriers.map((carrier) => carrier.name))
  for (const carrier of [
    'message text',
    'thinking',
    'tool call name',
    'tool call input',
    'tool call result',
    'title',
    'attachment name',
    'notice details',
    'Slack mrkdwn',
    'ChatGPT citation title',
    'ChatGPT code',
    'participant name',
    'models property',
    'project property'
  ]) {
    assert.ok(names.has(carrier), carrier)
  }
})

if (chromiumAvailable()) {
  let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined

  beforeAll(async () => {
    chromium = await launchChromium()
  }, 60_000)
  afterAll(async () => {
    await chromium?.close()
  })

  for (const policy of ['as written', 'with its Content-Security-Policy ignored'] as const) {
    test(`every page ${policy}: no payload runs or requests anything, and each is shown`, {
      timeout: 300_000
    }, async () => {
      assert.ok(chromium)
      assert.equal(written.pages.length, 4, `a page per input and the index: ${written.pages.join(', ')}`)
      let shown = ''
      for (const path of written.pages) {
        const opened = await openRecorded(chromium.browser, pathToFileURL(path).href, {
          bypassCsp: policy !== 'as written'
        })
        const {page} = opened
        try {
          // Folds opened and the pointer moved, as a reader does: payloads that wait for it (`ontoggle`,
          // `onmouseover`) get their chance too.
          await page.evaluate(() => {
            const {document} = globalThis as unknown as BrowserGlobals
            for (const fold of document.querySelectorAll('details')) Object.assign(fold, {open: true})
          })
          await page.mouse.move(500, 400)
          const where = `${path} (${policy})`
          assert.deepEqual(await opened.ran(), [], `no payload ran in ${where}`)
          assert.deepEqual(opened.events, [], `no dialog, console message or error in ${where}`)
          assert.deepEqual(opened.requests, [], `no request left ${where}`)
          // The page as the browser parsed it, serialised and parsed again (as a sanitiser's mistakes would
          // show, mutations of the parse included): nothing that could run script or load anything.
          assert.deepEqual(pageProblems(await page.content()), [], where)
          // What a reader sees: `innerText` leaves out text that a style hides, where `textContent` would not.
          // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what is checked
          shown += `\n${await page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.body.innerText)}`
        } finally {
          await page.close()
        }
      }
      // A page shows the strings of a tool call's input as written (its fields), where a note shows them as JSON.
      const onPages = carriers.map((carrier) =>
        carrier.shown === 'json' ? {...carrier, shown: 'text' as const} : carrier
      )
      assert.deepEqual(unseen(shown, onPages, xssPayloads), [], 'every payload is shown to the reader')
    })
  }
}

/** What the page checks read (this file is compiled without the DOM library). */
interface BrowserGlobals {
  document: {body: {innerText: string}; querySelectorAll(selector: string): Iterable<object>}
}

/** Addresses a note may link to: the web, mail, a place in the note or a file beside it; never a script. */
const safeUrl = /^(?:https?:|mailto:|tel:|slack:|ftp:|#|[^:/?#][^:?#]*(?:[?#]|$))/i

/**
 * An HTML block without the line that containment adds to close it where the message ends (`containMarkdown`):
 * `</script>`, `-->`, `?>`, `]]>` or `>`, so that nothing after it is swallowed.
 */
function withoutCloser(value: string): string {
  return value.replace(/\n(?:<\/(?:script|pre|style|textarea)>|-->|\?>|\]\]>|>)$/i, '')
}

for (const profile of ['gfm', 'obsidian']) {
  test(`${profile} notes: no payload of a plain-text carrier becomes HTML or a link, and each is kept`, {
    timeout: 300_000
  }, async () => {
    const parsed = await Promise.all(
      (written.notes.get(profile) ?? []).map(async (path) => {
        const tree = parseNote(await readFile(path, 'utf8'))
        const codes = new Set<string>()
        for (const node of nodesOf(tree)) {
          if ('value' in node) for (const found of node.value.matchAll(/xss([A-Z][a-z]+)\d{3}/g)) codes.add(found[1]!)
        }
        return {path, tree, codes: [...codes]}
      })
    )
    // The notes of no payload: the HTML in them is chatmark's own (the `<details>` of a fold).
    const own = new Set<string>()
    for (const {tree, codes} of parsed) {
      if (codes.length > 0) continue
      for (const node of nodesOf(tree)) if (node.type === 'html') own.add(node.value)
    }
    const problems: string[] = []
    const seen = new Set<string>()
    for (const {path, tree, codes} of parsed) {
      if (codes.length === 0) continue
      assert.equal(codes.length, 1, `${path}: the payloads of one carrier, not of ${codes.join(', ')}`)
      const carrier = carriers.find((candidate) => candidate.code === codes[0])
      assert.ok(carrier)
      seen.add(carrier.code)
      // What the carrier's own markup wrote (raw HTML in Markdown source, a link in Markdown or Slack's markup) stays
      // as written, NUL as CommonMark replaces it; never from a payload that Markdown reads as text or code.
      const writtenBy = (own: boolean): string[] =>
        xssPayloads.flatMap((payload, index) =>
          own && !payload.inert ? [place(payload, carrier.code, index).replaceAll('\u0000', '\ufffd')] : []
        )
      const html = writtenBy(carrier.markdown)
      const links = writtenBy(carrier.links)
      for (const node of nodesOf(tree)) {
        const value = node.type === 'html' ? node.value : ''
        if (node.type === 'html' && !own.has(value) && !html.some((text) => text.includes(withoutCloser(value)))) {
          problems.push(`${path}: ${carrier.name} became HTML: ${JSON.stringify(value)}`)
        }
        const linked = node.type === 'link' || node.type === 'image' || node.type === 'definition'
        if (linked && !safeUrl.test(node.url) && !links.some((text) => text.includes(node.url))) {
          problems.push(`${path}: ${carrier.name} became a link to ${JSON.stringify(node.url)}`)
        }
      }
      for (const missing of unseen(noteText(tree), [carrier], xssPayloads)) problems.push(`${path}: ${missing} is lost`)
    }
    assert.deepEqual(problems, [])
    assert.deepEqual([...seen].sort(), carriers.map((carrier) => carrier.code).sort(), 'a note of every carrier')
  })
}
