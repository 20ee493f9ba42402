import assert from 'node:assert/strict'
import {existsSync} from 'node:fs'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {Browser, Page} from 'puppeteer-core'
import {test} from 'vitest'

/**
 * Headless Chromium for the tests that open written pages: Debian's (`apt-get install chromium`, or
 * `CHROMIUM_PATH`), driven by puppeteer-core, which never downloads a browser; `.ci/run` installs it.
 */
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'

/**
 * Whether the browser is there. When it is not, a test file defines one test that says so instead of its own:
 * skipped on a developer's machine, failed in CI, which should have installed it.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(chromiumPath)) return true
  const reason = `browser test NOT run: no Chromium at ${chromiumPath}`
  console.warn(`\n${reason} (apt-get install chromium, or set CHROMIUM_PATH)\n`)
  if (process.env['CI']) test(reason, () => assert.fail(`${reason}: .ci/run should have installed it`))
  else test.skip(reason, () => {})
  return false
}

/** A browser with a profile of its own; `close` ends it and removes the profile. */
export async function launchChromium(): Promise<{browser: Browser; close(): Promise<void>}> {
  const {launch} = await import('puppeteer-core')
  const userDataDir = await mkdtemp(join(tmpdir(), 'chatmark-chromium-'))
  const browser = await launch({
    executablePath: chromiumPath,
    headless: true,
    userDataDir,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync'
    ]
  })
  return {
    browser,
    async close() {
      await browser.close()
      await rm(userDataDir, {recursive: true, force: true})
    }
  }
}

/** A page opened in a tab that records what hostile content could do. */
export interface RecordedPage {
  page: Page
  /** Dialogs, console messages and page errors, as they came. */
  events: string[]
  /** Every request but the page's own, each aborted. */
  requests: string[]
  /** The markers that payloads passed to `xss(...)` (a function every document of the tab has), in order. */
  ran(): Promise<string[]>
}

/**
 * Opens `url` in a fresh tab of `browser` that aborts and records every request but the page's own, records
 * dialogs, console messages and errors, and gives every document an `xss(marker)` function that records the
 * marker, for payloads to call. With `bypassCsp`, the page's Content-Security-Policy is ignored, so what a page
 * holds is checked on its own (its sanitising), not only behind the policy.
 */
export async function openRecorded(
  browser: Browser,
  url: string,
  options: {bypassCsp?: boolean} = {}
): Promise<RecordedPage> {
  const page = await browser.newPage()
  const events: string[] = []
  const requests: string[] = []
  await page.setBypassCSP(options.bypassCsp === true)
  await page.evaluateOnNewDocument(() => {
    const ran: string[] = []
    Object.assign(globalThis, {chatmarkRan: ran, xss: (marker: unknown) => ran.push(String(marker))})
  })
  await page.setRequestInterception(true)
  page.on('request', (request) => {
    if (request.url() === url) void request.continue()
    else {
      requests.push(request.url())
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
  return {
    page,
    events,
    requests,
    ran: () => page.evaluate(() => [...((globalThis as {chatmarkRan?: string[]}).chatmarkRan ?? [])])
  }
}
