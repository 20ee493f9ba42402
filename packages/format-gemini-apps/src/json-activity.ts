import {isRecord, isString, timeOf} from '@chatmark/core/model'
import type {Activity} from './activity.js'
import {conversationIdOf} from './activity.js'
import {htmlToMarkdown} from './html-to-markdown.js'

/** The products whose activity this reader reads: `Gemini Apps`, `Bard` before February 2024, `Gemini`. */
export const geminiProducts: readonly string[] = ['Gemini Apps', 'Bard', 'Gemini']

/** The product a JSON record is of (its `header`, else its first `products` entry). */
export function productOf(record: Record<string, unknown>): string | undefined {
  if (isString(record['header'])) return record['header']
  const products = record['products']
  return Array.isArray(products) && isString(products[0]) ? products[0] : undefined
}

/** Whether a JSON record is a My Activity record of Gemini Apps (or Bard): its product and a `title`. */
export function isGeminiRecord(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value) || !isString(value['title'])) return false
  const product = productOf(value)
  return product !== undefined && geminiProducts.includes(product)
}

/**
 * One record of `MyActivity.json` as an {@link Activity}. `problems` gets what
 * of it could not be read (a `safeHtmlItem` that is not `{html}`).
 */
export function jsonActivity(
  record: Record<string, unknown>,
  index: number,
  problems: (reason: string) => void
): Activity {
  const answer: string[] = []
  const items = Array.isArray(record['safeHtmlItem']) ? record['safeHtmlItem'] : []
  for (const [place, item] of items.entries()) {
    if (isRecord(item) && isString(item['html'])) {
      const markdown = htmlToMarkdown(item['html'])
      if (markdown !== '') answer.push(markdown)
    } else problems(`safeHtmlItem[${place}] has no html`)
  }
  const links = [
    ...namedLinks(record['details']),
    ...namedLinks(record['subtitles']),
    ...(isString(record['titleUrl']) ? [{name: '', url: record['titleUrl']}] : [])
  ]
  const conversationUrl = links.map((link) => link.url).find((url) => url && conversationIdOf(url))
  const conversationId = conversationUrl ? conversationIdOf(conversationUrl) : undefined
  const subtitles = namedLinks(record['subtitles'])
  const modelLine = subtitles.find((subtitle) => /^Model:\s*\S/.test(subtitle.name))
  const time = timeOf(record['time'])
  return {
    index,
    product: productOf(record) ?? 'Gemini Apps',
    title: record['title'] as string,
    ...(time ? {time: new Date(time).toISOString()} : {}),
    answer,
    ...(conversationUrl && conversationId ? {conversationUrl, conversationId} : {}),
    attachedFiles: Array.isArray(record['attachedFiles']) ? record['attachedFiles'].filter(isString) : [],
    ...(isString(record['imageFile']) ? {imageFile: record['imageFile']} : {}),
    ...(modelLine ? {model: modelLine.name.replace(/^Model:\s*/, '').trim()} : {}),
    subtitles: subtitles
      .filter((subtitle) => subtitle !== modelLine && (subtitle.url === undefined || subtitle.url !== conversationUrl))
      .map((subtitle) => [subtitle.name, subtitle.value ?? subtitle.url].filter(Boolean).join(': '))
      .filter((line) => line !== '')
  }
}

interface NamedLink {
  name: string
  value?: string
  url?: string
}

/** `subtitles` and `details` entries: `{name, value?, url?}`; anything else is left out. */
function namedLinks(value: unknown): NamedLink[] {
  if (!Array.isArray(value)) return []
  return value.filter(isRecord).map((entry) => ({
    name: isString(entry['name']) ? entry['name'] : '',
    ...(isString(entry['value']) ? {value: entry['value']} : {}),
    ...(isString(entry['url']) ? {url: entry['url']} : {})
  }))
}
