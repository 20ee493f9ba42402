import type {Conversation} from '@chatmark/core'
import {attachmentsOf} from '@chatmark/core'
import type {SecretLintCoreConfig} from '@secretlint/types'
import {mayHoldSecret} from './secret-anchors.js'
import {secretKind} from './secret-kind.js'

/** The fidelity key that counts the secrets {@link redactSecrets} replaced. */
export const redactedSecretKey = 'redacted-secret'

/** A secret found in a string: where it is and what to call it. */
interface Found {
  start: number
  end: number
  kind: string
}

let config: Promise<{lint: (text: string) => Promise<Found[]>}> | undefined

/**
 * Loads secretlint and its recommended preset on first use: most runs meet no candidate string, and
 * the preset is the largest thing a run would load, so the command starts without it.
 */
function linter(): Promise<{lint: (text: string) => Promise<Found[]>}> {
  config ??= (async () => {
    const [{lintSource}, {creator}] = await Promise.all([
      import('@secretlint/core'),
      import('@secretlint/secretlint-rule-preset-recommend')
    ])
    const options: SecretLintCoreConfig = {
      rules: [
        {
          id: '@secretlint/secretlint-rule-preset-recommend',
          rule: creator,
          // An AWS access key id (`AKIA...`) names the key its secret unlocks: redact it too.
          rules: [{id: '@secretlint/secretlint-rule-aws', options: {enableIDScanRule: true}}]
        }
      ]
    }
    const lint = async (text: string): Promise<Found[]> => {
      const result = await lintSource({
        source: {content: text, filePath: 'conversation.txt', ext: '.txt', contentType: 'text'},
        options: {config: options, noPhysicFilePath: true}
      })
      return result.messages.map((message) => ({
        ...spanOf(text, message.range, message.data),
        kind: secretKind(message.ruleId, message.messageId)
      }))
    }
    return {lint}
  })()
  return config
}

/**
 * The secret itself: the value a rule reports in its data, looked for from the start of the
 * reported range (the AWS rule reports the range of its label with the length of the key), else the range.
 */
function spanOf(text: string, range: readonly [number, number], data: unknown): {start: number; end: number} {
  const values = Object.values(data ?? {}).filter((value): value is string => typeof value === 'string')
  for (const value of values.sort((a, b) => b.length - a.length)) {
    if (value.length < 8) continue
    const start = text.indexOf(value, range[0])
    if (start >= 0 && start <= range[1]) return {start, end: start + value.length}
  }
  return {start: range[0], end: range[1]}
}

/** Replaces each secret in a string with its marker; the count of secrets and the new string. */
async function redactString(text: string): Promise<[number, string]> {
  const found = (await (await linter()).lint(text)).sort((a, b) => a.start - b.start || b.end - a.end)
  let out = ''
  let at = 0
  let count = 0
  for (const secret of found) {
    // Two rules (OpenAI's and Anthropic's) may report one secret: it is replaced and counted once.
    if (secret.start < at) continue
    out += `${text.slice(at, secret.start)}[redacted: ${secret.kind}]`
    at = secret.end
    count++
  }
  return count === 0 ? [0, text] : [count, out + text.slice(at)]
}

/**
 * Replaces every secret that secretlint's recommended rules find in a conversation, in every string
 * of it (text, thinking, tool inputs and results, code, quotes, notices, names, titles, metadata; not
 * the bytes of an attachment, `data`),
 * with a marker naming its kind: `[redacted: GitHub token]`. The conversation is changed in place
 * (it is the reader's fresh copy) and returned; the number of secrets is added to its fidelity as
 * `redacted-secret`. Strings are walked with a stack, not recursion, so deep tool inputs cannot
 * overflow it.
 */
export async function redactSecrets(conversation: Conversation): Promise<Conversation> {
  let count = 0
  const attachments = new Set<object>(attachmentsOf(conversation))
  const stack: Record<string | number, unknown>[] = [conversation as unknown as Record<string, unknown>]
  for (let holder = stack.pop(); holder !== undefined; holder = stack.pop()) {
    // Arrays by index: the turns of a long session would make a long array of keys.
    const keys: Iterable<string | number> = Array.isArray(holder) ? holder.keys() : Object.keys(holder)
    for (const key of keys) {
      const value = holder[key]
      if (typeof value === 'string') {
        // An attachment's bytes (base64, megabytes of a screenshot) are a file, not text: never scanned or changed.
        if (key === 'data' && attachments.has(holder)) continue
        if (!mayHoldSecret(value)) continue
        const [found, redacted] = await redactString(value)
        if (found === 0) continue
        holder[key] = redacted
        count += found
      } else if (typeof value === 'object' && value !== null && value !== conversation.fidelity) {
        stack.push(value as Record<string | number, unknown>)
      }
    }
  }
  if (count > 0) conversation.fidelity[redactedSecretKey] = (conversation.fidelity[redactedSecretKey] ?? 0) + count
  return conversation
}
