import type {
  SecretLintRuleContext,
  SecretLintRuleCreator,
  SecretLintRuleReportDescriptor,
  SecretLintRuleReportHandler,
  SecretLintSourceCode
} from '@secretlint/types'
import type {FoundSecret} from './found-secret.js'
import {secretKind} from './secret-kind.js'

/** One of secretlint's recommended rules, ready to run on a string. */
export interface SecretlintRule {
  id: string
  /** The secrets the rule finds in `text`, synchronously. */
  find(text: string): FoundSecret[]
}

/**
 * Rules of the preset that are not run: the GCP rule reads only `.json` and `.p12` files, from disk; the
 * comment filter honours `secretlint-disable` in the scanned text, and a transcript (a file a tool read)
 * must not turn redaction off for what follows it.
 */
const notRun = new Set(['@secretlint/secretlint-rule-gcp', '@secretlint/secretlint-rule-filter-comments'])

/** Options for a rule, by id: an AWS access key id (`AKIA...`) names the key its secret unlocks, so it goes too. */
const ruleOptions: Readonly<Record<string, object>> = {'@secretlint/secretlint-rule-aws': {enableIDScanRule: true}}

let loading: Promise<readonly SecretlintRule[]> | undefined

/**
 * Loads secretlint's recommended preset on first use: most runs meet no candidate string, and the preset is the
 * largest thing a run would load, so the command starts without it. The rules are run by their own interface
 * (`create`, then `file` for each string), not through `@secretlint/core`, whose run is asynchronous and sets up
 * every rule again for every string: here each rule is created once and reports synchronously, so a title or a
 * message is redacted where it is printed.
 */
export function secretlintRules(): Promise<readonly SecretlintRule[]> {
  loading ??= (async () => {
    const {rules} = await import('@secretlint/secretlint-rule-preset-recommend')
    return createRules(rules as readonly SecretLintRuleCreator[])
  })()
  return loading
}

function createRules(creators: readonly SecretLintRuleCreator[]): SecretlintRule[] {
  const running: SecretlintRule[] = []
  for (const creator of creators) {
    const id = creator.meta.id
    if (notRun.has(id)) continue
    let reports: SecretLintRuleReportDescriptor[] = []
    const context = {
      sharedOptions: {},
      createTranslator: () => (messageId: string, data?: unknown) => ({message: messageId, messageId, data}),
      report: (descriptor: SecretLintRuleReportDescriptor) => void reports.push(descriptor),
      ignore: () => {}
    } as unknown as SecretLintRuleContext
    const handler: SecretLintRuleReportHandler = creator.create(context, ruleOptions[id] ?? {})
    running.push({
      id,
      find(text) {
        reports = []
        void handler.file?.(sourceOf(text))
        return reports.flatMap((descriptor) => {
          const {messageId, data} = descriptor.message
          const span = spanOf(text, descriptor.range, data)
          const kind = secretKind(id, messageId)
          return plausible(kind, text.slice(span.start, span.end)) ? [{...span, kind}] : []
        })
      }
    })
  }
  return running
}

/**
 * secretlint's Slack rule takes any `xoxo-` word for a token (`xoxo-gossip-girl`); every token Slack issues holds
 * the numeric ids of its team and user (Slack docs: token types).
 */
function plausible(kind: string, secret: string): boolean {
  return kind !== 'Slack token' || /\d{6}/.test(secret)
}

/**
 * The secret itself: the value a rule reports in its data, looked for from the start of the reported range
 * (the AWS rule reports the range of its label with the length of the key), else the range.
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

/**
 * A string as a rule's source code: text, with no file name (the npm rule then reads `x-oauth-basic` URLs, as
 * in a `package.json`) and no extension.
 */
function sourceOf(content: string): SecretLintSourceCode {
  const position = (index: number): {line: number; column: number} => {
    const before = content.slice(0, index)
    return {line: before.split('\n').length, column: index - (before.lastIndexOf('\n') + 1)}
  }
  const index = ({line, column}: {line: number; column: number}): number => {
    let start = 0
    for (let at = 1; at < line && start !== -1; at++) start = content.indexOf('\n', start) + 1 || -1
    return Math.max(start, 0) + column
  }
  return {
    hasBOM: false,
    content,
    filePath: undefined,
    physicalFilePath: undefined,
    contentType: 'text',
    ext: '',
    getFilePath: () => undefined,
    getPhysicalFilePath: () => undefined,
    indexToPosition: position,
    positionToIndex: index,
    rangeToLocation: ([start, end]) => ({start: position(start), end: position(end)}),
    locationToRange: ({start, end}) => [index(start), index(end)]
  }
}
