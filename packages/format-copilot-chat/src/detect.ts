import {isRecord} from '@chatmark/core/model'
import type {Sample, Verdict} from '@chatmark/core/read'

const what = 'a VS Code chat session or Copilot Chat export'

/**
 * Detects GitHub Copilot Chat as VS Code stores it: a `chatSessions/<id>.json`
 * session (`requests[]` with `sessionId` and `creationDate`, v1 to v3), its
 * `.jsonl` mutation log (a first line `{"kind":0,"v":{...requests...}}`), or a
 * "Chat: Export Chat..." file (`requests[]` and `responderUsername`). A
 * request must look like one (`message` with `requestId`, `variableData` or
 * `response`), so that no other tool's `requests` array is taken. Pure and
 * synchronous; reads only the sample (a partial parse of the head when the
 * file is larger).
 */
export function detect(sample: Sample): Verdict {
  switch (sample.kind) {
    case 'empty':
    case 'folder':
    case 'binary':
    case 'text':
      return {confidence: 'none', reason: `${sample.kind === 'empty' ? 'empty input' : `not JSON`}, not ${what}`}
    case 'json':
      return detectValue(sample.json)
    case 'jsonl':
      return detectLines(sample.records.map((record) => record.value))
  }
}

/**
 * A log's initial entry is its first line; a line before it (a junk line, an entry VS Code never wrote first) is
 * the reader's to report, so the first `{"kind":0}` line of the sample is the fingerprint.
 */
function detectLines(values: readonly unknown[]): Verdict {
  const initial = values.find((value) => isRecord(value) && value['kind'] === 0)
  if (initial !== undefined) return detectValue(initial)
  if (values.some((value) => isRecord(value) && typeof value['kind'] === 'number' && Array.isArray(value['k']))) {
    return {
      confidence: 'none',
      reason: `{"kind":...,"k":[...]} entries with no initial {"kind":0,"v":...} one, not ${what}`
    }
  }
  return detectValue(values[0])
}

function detectValue(value: unknown): Verdict {
  if (!isRecord(value)) return {confidence: 'none', reason: `no JSON object, not ${what}`}
  if (value['kind'] === 0 && isRecord(value['v'])) {
    const tell = chatTell(value['v'])
    if (tell) {
      return {
        confidence: 'certain',
        reason: `a mutation log whose initial entry {"kind":0,"v":...} holds ${tell}`,
        variant: 'vscode-chat-session-log'
      }
    }
    return {confidence: 'none', reason: `a {"kind":0,"v":...} line whose value holds no chat requests, not ${what}`}
  }
  const tell = chatTell(value)
  if (!tell) return {confidence: 'none', reason: `no requests[] of chat requests, not ${what}`}
  const session = typeof value['sessionId'] === 'string'
  return {
    confidence: 'certain',
    reason: session ? `a VS Code chat session: ${tell}` : `a Chat: Export Chat... file: ${tell}`,
    variant: session ? 'vscode-chat-session' : 'vscode-chat-export'
  }
}

/** What makes the object VS Code's chat data, named for the verdict; `undefined` when it is not. */
function chatTell(value: Record<string, unknown>): string | undefined {
  const requests = value['requests']
  if (!Array.isArray(requests)) return undefined
  const first: unknown = requests[0]
  const hasSession = typeof value['sessionId'] === 'string' && typeof value['creationDate'] === 'number'
  const hasResponder = typeof value['responderUsername'] === 'string'
  if (first === undefined) {
    // An empty chat: only the session's own fields say what it is.
    return hasSession && (hasResponder || typeof value['version'] === 'number')
      ? 'an empty requests[] with sessionId and creationDate'
      : undefined
  }
  if (!isChatRequest(first)) return undefined
  if (hasSession) return `requests[] with sessionId and creationDate${versionText(value['version'])}`
  if (hasResponder) return 'requests[] and responderUsername'
  return undefined
}

function isChatRequest(value: unknown): boolean {
  if (!isRecord(value)) return false
  const message = value['message']
  const hasMessage = typeof message === 'string' || (isRecord(message) && typeof message['text'] === 'string')
  return hasMessage && ('requestId' in value || 'variableData' in value || Array.isArray(value['response']))
}

function versionText(version: unknown): string {
  return typeof version === 'number' ? ` (version ${version})` : ' (version 1)'
}
