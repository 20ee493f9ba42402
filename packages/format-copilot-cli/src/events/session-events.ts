import type {CompactionNotice, InterruptedNotice} from '@chatmark/core/model'
import {isRecord, numberOf, stringOf} from '@chatmark/core/model'
import type {CopilotEvent} from '../types.js'
import {tokenCountsOf} from './assistant-message.js'
import type {SessionState, ShutdownMetrics} from './state.js'
import {useModel} from './state.js'
import {notice, timelineOf} from './timeline.js'

/** `session.start`, and `session.resume` after it: the session's id, model, folder and versions. */
export function sessionStart(state: SessionState, event: CopilotEvent): void {
  const {data} = event
  const {info} = state
  if (event.type === 'session.start') {
    info.sessionId = stringOf(data['sessionId']) ?? info.sessionId
    info.startTime = stringOf(data['startTime']) ?? info.startTime
    info.producer = stringOf(data['producer']) ?? info.producer
    info.copilotVersion = stringOf(data['copilotVersion']) ?? info.copilotVersion
    info.vscodeVersion = stringOf(data['vscodeVersion']) ?? info.vscodeVersion
  }
  useModel(state, stringOf(data['selectedModel']))
  const context = isRecord(data['context']) ? data['context'] : undefined
  if (context) {
    info.cwd = stringOf(context['cwd']) ?? info.cwd
    info.branch = stringOf(context['branch']) ?? info.branch
    info.repository = stringOf(context['repository']) ?? info.repository
  }
}

/** `session.model_change`: the model of the turns after it; a notice when the user changed it. */
export function modelChange(state: SessionState, event: CopilotEvent): void {
  const next = stringOf(event.data['newModel'])
  // 1.0.20 writes one with every run, `{newModel}` first and then `previousModel` the same: no change to show.
  const previous = stringOf(event.data['previousModel'])
  useModel(state, next)
  if (!next || !previous || next === previous) return
  const text = `Model changed to ${next} (from ${previous})`
  notice(timelineOf(state, event), event, {type: 'notice', level: 'info', kind: 'system', text})
}

/** `session.error`: a request the CLI made failed (`errorType` `query`, `rate_limit`, `quota`...). */
export function sessionError(state: SessionState, event: CopilotEvent): void {
  const {data} = event
  const message = stringOf(data['message']) ?? 'The request failed'
  const status = numberOf(data['statusCode'])
  const errorType = stringOf(data['errorType'])
  notice(timelineOf(state, event), event, {
    type: 'notice',
    level: 'error',
    kind: 'api-error',
    message,
    ...(status !== undefined ? {status} : {}),
    ...(errorType ? {errorType} : {})
  })
}

/** `abort`: the turn stopped (`user_initiated`: Ctrl+C; `remote_command`, `user_abort`, a credit limit). */
export function abort(state: SessionState, event: CopilotEvent): void {
  const reason = stringOf(event.data['reason'])
  const part: InterruptedNotice = {type: 'notice', level: 'warning', kind: 'interrupted'}
  if (reason === 'user_initiated' || reason === 'user_abort') part.by = 'user'
  if (reason && reason !== 'user_initiated') part.reason = reason
  notice(timelineOf(state, event), event, part)
}

/** `session.info` and `session.warning`: messages the CLI showed in its timeline. */
export function sessionMessage(state: SessionState, event: CopilotEvent): void {
  const text = stringOf(event.data['message'])
  if (!text?.trim()) return
  const warning = event.type === 'session.warning'
  notice(timelineOf(state, event), event, {type: 'notice', level: warning ? 'warning' : 'info', kind: 'system', text})
}

/** `session.compaction_start`: its trigger and the context's size, for the notice its completion makes. */
export function compactionStart(state: SessionState, event: CopilotEvent): void {
  const {data} = event
  const part: CompactionNotice = {type: 'notice', level: 'info', kind: 'compaction'}
  const trigger = stringOf(data['trigger'])
  if (trigger) part.trigger = trigger === 'manual' ? 'manual' : 'auto'
  const before = numberOf(data['currentTokens'])
  if (before !== undefined) part.tokensBefore = before
  state.compaction = part
}

/**
 * `session.compaction_complete`: the compaction notice, with the summary that took the earlier turns' place in the
 * model's context (`summaryContent`, also written to `checkpoints/NNN-*.md`) and the sizes before and after. The
 * file keeps every earlier event, so the note keeps every earlier turn. A failed compaction is a warning.
 */
export function compactionComplete(state: SessionState, event: CopilotEvent): void {
  const {data} = event
  const timeline = timelineOf(state, event)
  const part = state.compaction ?? {type: 'notice', level: 'info', kind: 'compaction'}
  state.compaction = undefined
  if (data['success'] === false) {
    const error = stringOf(data['error'])
    notice(timeline, event, {
      type: 'notice',
      level: 'warning',
      kind: 'system',
      text: `The context compaction failed${error ? `: ${error}` : ''}`
    })
    return
  }
  const trigger = stringOf(data['trigger'])
  if (trigger && !part.trigger) part.trigger = trigger === 'manual' ? 'manual' : 'auto'
  const before = numberOf(data['preCompactionTokens'])
  if (before !== undefined) part.tokensBefore = before
  const after = numberOf(data['postCompactionTokens'])
  if (after !== undefined) part.tokensAfter = after
  const summary = stringOf(data['summaryContent'])?.trim()
  if (summary) part.summary = summary
  notice(timeline, event, part)
}

/** `session.truncation`: the CLI dropped the oldest messages from the model's context (the turns stay). */
export function truncation(state: SessionState, event: CopilotEvent): void {
  const {data} = event
  const part: CompactionNotice = {type: 'notice', level: 'info', kind: 'compaction', trigger: 'auto'}
  const before = numberOf(data['preTruncationTokensInMessages'])
  if (before !== undefined) part.tokensBefore = before
  const after = numberOf(data['postTruncationTokensInMessages'])
  if (after !== undefined) part.tokensAfter = after
  notice(timelineOf(state, event), event, part)
}

/** `session.context_cleared`: `/clear` emptied the model's context; the turns before it stay in the note. */
export function contextCleared(state: SessionState, event: CopilotEvent): void {
  notice(timelineOf(state, event), event, {type: 'notice', level: 'info', kind: 'command', name: '/clear'})
}

/** `session.mode_changed` (interactive, plan, autopilot) and `session.task_complete`: what the user saw happen. */
export function modeOrTask(state: SessionState, event: CopilotEvent): void {
  const {data} = event
  const timeline = timelineOf(state, event)
  if (event.type === 'session.mode_changed') {
    const mode = stringOf(data['newMode'])
    if (mode) notice(timeline, event, {type: 'notice', level: 'info', kind: 'system', text: `Mode: ${mode}`})
    return
  }
  const summary = stringOf(data['summary'])
  notice(timeline, event, {
    type: 'notice',
    level: data['success'] === false ? 'warning' : 'info',
    kind: 'system',
    text: data['success'] === false ? 'The task is not complete' : 'Task complete',
    ...(summary?.trim() ? {details: summary.trim()} : {})
  })
}

/** `skill.invoked`: a skill the user or the model loaded; its file's content went to the model, not shown. */
export function skillInvoked(state: SessionState, event: CopilotEvent): void {
  const name = stringOf(event.data['name']) ?? 'a skill'
  const description = stringOf(event.data['description'])
  notice(timelineOf(state, event), event, {
    type: 'notice',
    level: 'info',
    kind: 'system',
    text: `Skill \`${name}\` invoked`,
    ...(description?.trim() ? {details: description.trim()} : {})
  })
}

/** `session.title_changed`: the session's title, the last one winning. */
export function titleChanged(state: SessionState, event: CopilotEvent): void {
  const title = stringOf(event.data['title'])
  if (title?.trim()) state.info.title = title
}

/**
 * `session.shutdown`, written when each run of the CLI ends: its per-model `modelMetrics`, the fallback for the
 * conversation's tokens when no `session.usage_record` was written. 1.0.20 counts each run's own calls; 1.0.9x,
 * which adds an `accountingSnapshot`, the session's so far (a resumed session's counts only grow).
 */
export function shutdown(state: SessionState, event: CopilotEvent): void {
  const metrics: ShutdownMetrics = {models: new Map(), cumulative: isRecord(event.data['accountingSnapshot'])}
  const models = isRecord(event.data['modelMetrics']) ? event.data['modelMetrics'] : {}
  for (const [name, value] of Object.entries(models)) {
    if (!isRecord(value) || !isRecord(value['usage'])) continue
    const tokens = tokenCountsOf(value['usage'])
    if (tokens) metrics.models.set(name, tokens)
    if (!state.models.includes(name)) state.models.push(name)
  }
  state.shutdowns.push(metrics)
  state.lastShutdown = event.data
}
