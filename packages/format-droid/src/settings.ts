import {readFile} from 'node:fs/promises'
import type {TokenCounts} from '@chatmark/core/model'
import {isRecord, isString, numberOf} from '@chatmark/core/model'

/** What a session's `<id>.settings.json` adds to its note. */
export interface SessionSettings {
  model?: string
  tokens?: TokenCounts
  extra: Record<string, string | number | boolean>
}

/**
 * The settings file of a session (`<id>.jsonl` → `<id>.settings.json`, as
 * Droid names it: `H.replace(".jsonl", ".settings.json")` in droid 0.215.0).
 */
export function settingsPathOf(sessionPath: string): string | undefined {
  return sessionPath.endsWith('.jsonl') ? `${sessionPath.slice(0, -'.jsonl'.length)}.settings.json` : undefined
}

/**
 * Reads the settings beside a session: the model, the session's token usage
 * (`tokenUsage`, the session's own; `inclusiveTokenUsage` adds its
 * subagents'), the autonomy level and reasoning effort. `undefined` when
 * there is no such file (older sessions, stdin); a file that is not JSON is
 * reported and left out.
 */
export async function readSettings(
  sessionPath: string | undefined,
  warn: (reason: string, ruleId: string) => void
): Promise<SessionSettings | undefined> {
  const path = sessionPath === undefined ? undefined : settingsPathOf(sessionPath)
  if (!path) return undefined
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch {
    return undefined
  }
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch (error) {
    warn(`${path} is not JSON (${(error as Error).message}): its model and tokens are left out`, 'unreadable-settings')
    return undefined
  }
  if (!isRecord(document)) {
    warn(`${path} is not a JSON object: its model and tokens are left out`, 'unreadable-settings')
    return undefined
  }
  const extra: Record<string, string | number | boolean> = {}
  for (const key of ['autonomyLevel', 'reasoningEffort', 'interactionMode']) {
    const value = document[key]
    if (isString(value)) extra[key] = value
  }
  const activeMs = numberOf(document['assistantActiveTimeMs'])
  if (activeMs !== undefined) extra['assistantActiveTimeMs'] = activeMs
  const tokens = tokensOf(document['tokenUsage'])
  return {
    ...(isString(document['model']) ? {model: document['model']} : {}),
    ...(tokens ? {tokens} : {}),
    extra
  }
}

function tokensOf(usage: unknown): TokenCounts | undefined {
  if (!isRecord(usage)) return undefined
  const tokens: TokenCounts = {}
  const input = numberOf(usage['inputTokens'])
  const output = numberOf(usage['outputTokens'])
  const cached = numberOf(usage['cacheReadTokens'])
  const thoughts = numberOf(usage['thinkingTokens'])
  if (input !== undefined) tokens.input = input
  if (output !== undefined) tokens.output = output
  if (cached !== undefined) tokens.cached = cached
  // Counted apart from `input` by Anthropic-style usage.
  const creation = numberOf(usage['cacheCreationTokens'])
  if (creation !== undefined) tokens.cacheCreation = creation
  if (thoughts !== undefined) tokens.thoughts = thoughts
  return Object.keys(tokens).length > 0 ? tokens : undefined
}
