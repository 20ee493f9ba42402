import {isRecord} from '@chatmark/core/model'

/**
 * What makes JSON an SDK session's messages file (`@clinebot/core`, Cline CLI
 * 3.0.65: `{version, updated_at, agent, sessionId, origin, messages, system_prompt}`)
 * or its manifest (`{version, session_id, started_at, messages_path, ...}`), for
 * the verdict's reason; `undefined` when it is neither.
 */
export function sdkTell(json: unknown): string | undefined {
  if (!isRecord(json)) return undefined
  if (Array.isArray(json['messages']) && typeof json['sessionId'] === 'string' && isRecord(json['origin'])) {
    return 'Cline SDK session messages: {sessionId, origin, messages[]} (<id>.messages.json)'
  }
  if (typeof json['session_id'] === 'string' && typeof json['messages_path'] === 'string') {
    return 'Cline SDK session manifest: {session_id, messages_path} (<id>.json; read with its messages)'
  }
  return undefined
}

/** Whether JSON is an SDK session manifest (`<id>.json`), which holds no messages itself. */
export function isSdkManifest(json: unknown): json is Record<string, unknown> {
  return isRecord(json) && typeof json['session_id'] === 'string' && typeof json['messages_path'] === 'string'
}
