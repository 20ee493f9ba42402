import {isRecord} from '@chatmark/core/model'
import type {Sample, Verdict} from '@chatmark/core/read'
import {readSqliteSchema, startsWithSqliteMagic} from '@chatmark/sqlite'
import {stateVariant, storeVariant, transcriptVariant} from './variants.js'

/** ItemTable keys only Cursor writes (the chat panel, composers, its AI service, its extensions' ids). */
const cursorKeys = /workbench\.panel\.aichat|composer\.composerData|aiService\.(?:prompts|generations)|anysphere\./

/**
 * Detects Cursor's files: the IDE's `state.vscdb` (a `cursorDiskKV` table,
 * or VS Code's `ItemTable` with keys only Cursor writes), the CLI's
 * `store.db` (tables `blobs` and `meta`) and the CLI's transcripts (JSONL
 * lines of `{role, message: {content}}` and nothing else). Pure and
 * synchronous; uses only the sample.
 */
export function detect(sample: Sample): Verdict {
  if (sample.kind === 'jsonl' || sample.kind === 'json') return detectTranscript(sample)
  if (!startsWithSqliteMagic(sample.bytes)) {
    return {confidence: 'none', reason: 'not a SQLite database or a Cursor CLI transcript'}
  }
  const schema = readSqliteSchema(sample.bytes)
  const tables = new Set(schema?.tables ?? [])
  if (tables.has('cursorDiskKV')) {
    return {
      confidence: 'certain',
      reason: "SQLite database with Cursor's cursorDiskKV table (state.vscdb)",
      variant: stateVariant
    }
  }
  if (tables.has('blobs') && tables.has('meta') && tables.size === 2) {
    return {
      confidence: 'certain',
      reason: 'SQLite database of exactly the tables blobs and meta (a Cursor CLI store.db)',
      variant: storeVariant
    }
  }
  if (tables.has('ItemTable')) {
    if (cursorKeys.test(sample.text)) {
      return {
        confidence: 'certain',
        reason: "VS Code's ItemTable holding keys only Cursor writes (a Cursor workspace state.vscdb)",
        variant: stateVariant
      }
    }
    return {
      confidence: 'possible',
      reason:
        "a state.vscdb-shaped database (ItemTable) with no Cursor key in its head: VS Code's own, or a Cursor " +
        'workspace whose chats lie further in',
      variant: stateVariant
    }
  }
  if (/(^|[\\/])store\.db$/.test(sample.name) && schema && !schema.complete) {
    return {
      confidence: 'possible',
      reason: 'a SQLite database named store.db whose schema is not all in the sample (a Cursor CLI store?)',
      variant: storeVariant
    }
  }
  return {
    confidence: 'none',
    reason: 'a SQLite database without the tables of Cursor (cursorDiskKV, ItemTable, blobs+meta)'
  }
}

/** Top-level keys of a transcript line: a message, or an error. */
function transcriptLine(value: unknown): 'message' | 'error' | undefined {
  if (!isRecord(value)) return undefined
  const keys = Object.keys(value)
  if (value['type'] === 'error' && keys.every((key) => key === 'type' || key === 'error')) return 'error'
  if (keys.length !== 2 || (value['role'] !== 'user' && value['role'] !== 'assistant')) return undefined
  const message = value['message']
  if (!isRecord(message) || !Array.isArray(message['content'])) return undefined
  return message['content'].every((block) => isRecord(block) && typeof block['type'] === 'string')
    ? 'message'
    : undefined
}

function detectTranscript(sample: Sample): Verdict {
  const records = sample.kind === 'json' ? [sample.json] : sample.records.map((record) => record.value)
  const kinds = records.map(transcriptLine)
  const messages = kinds.filter((kind) => kind === 'message').length
  if (messages > 0 && kinds.every((kind) => kind !== undefined) && sample.kind === 'jsonl') {
    return {
      confidence: 'certain',
      reason: `${messages} line(s) of exactly {role, message: {content: [...]}} (a Cursor CLI agent transcript)`,
      variant: transcriptVariant
    }
  }
  return {confidence: 'none', reason: 'not a Cursor CLI transcript ({role, message: {content}} lines)'}
}
