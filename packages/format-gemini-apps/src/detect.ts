import {isRecord} from '@chatmark/core/model'
import type {Sample, Verdict} from '@chatmark/core/read'
import {knownVerb} from './activity-verb.js'
import {geminiProducts, isGeminiRecord, productOf} from './json-activity.js'

/**
 * Detects Gemini Apps activity from Google Takeout: `MyActivity.json`, an
 * array of records with a `header` (or `products`) of `Gemini Apps` (`Bard`
 * in older exports), a `title` starting with an activity's verb
 * (`Prompted ...`) and a `time`; or `My Activity.html`, Takeout's cards
 * (`outer-cell`) headed `Gemini Apps`. ChatGPT and Claude.ai exports are
 * JSON arrays too: without these fields an array is not claimed, and the
 * My Activity of another Google product is declined by name.
 */
export function detect(sample: Sample): Verdict {
  switch (sample.kind) {
    case 'json':
      return detectJson(sample.json)
    case 'jsonl':
      // A file of one line (the array written without line breaks) is a JSONL sample of one record.
      return sample.records.length === 1 ? detectJson(sample.json) : notTakeout(sample.kind)
    case 'text':
      return detectHtml(sample.text)
    default:
      return notTakeout(sample.kind)
  }
}

function notTakeout(kind: string): Verdict {
  return {confidence: 'none', reason: `${kind} input, not a Google Takeout My Activity file`}
}

function detectJson(document: unknown): Verdict {
  if (!Array.isArray(document))
    return {confidence: 'none', reason: 'not a JSON array (a Takeout My Activity file is an array of records)'}
  const records = document.slice(0, 50).filter(isRecord)
  const gemini = records.filter(isGeminiRecord)
  if (gemini.length === 0) {
    const titled = records.find((record) => typeof record['title'] === 'string' && productOf(record) !== undefined)
    const other = titled ? productOf(titled) : undefined
    return {
      confidence: 'none',
      reason: other
        ? `Google Takeout My Activity of ${other}, not of Gemini Apps`
        : 'no records with a header or products of Gemini Apps (or Bard) and a title'
    }
  }
  const verbs = gemini.filter((record) => knownVerb(record['title'] as string))
  const timed = gemini.some((record) => typeof record['time'] === 'string')
  if (verbs.length > 0 && timed)
    return {
      confidence: 'certain',
      reason:
        `Google Takeout My Activity records of ${productOf(gemini[0]!)} ` +
        `with activity titles (${verbOf(verbs[0]!)}...)`,
      variant: 'takeout-json'
    }
  return {
    confidence: 'likely',
    reason: `records with a header of ${productOf(gemini[0]!)} and a title, but no known activity verb and time`,
    variant: 'takeout-json'
  }
}

function verbOf(record: Record<string, unknown>): string {
  return String(record['title']).split(/[\s\u00a0]/)[0] ?? ''
}

const productNames = geminiProducts.map((name) => name.replace(' ', '\\s')).join('|')
const cardHeader = new RegExp(`class="header-cell[^"]*"[^>]*>\\s*<p[^>]*>\\s*(${productNames})\\s*<`)

function detectHtml(text: string): Verdict {
  if (!/<html|<div/i.test(text)) return {confidence: 'none', reason: 'text that is not HTML'}
  if (!text.includes('outer-cell'))
    return {confidence: 'none', reason: 'HTML without Takeout activity cards (outer-cell)'}
  const product = cardHeader.exec(text)?.[1]
  if (product)
    return {
      confidence: 'certain',
      reason: `Google Takeout My Activity HTML with cards headed ${product.replace(/\s/, ' ')}`,
      variant: 'takeout-html'
    }
  return {confidence: 'none', reason: 'Google Takeout My Activity HTML of another product than Gemini Apps'}
}
