import type {FormatPlugin} from '@chatmark/core/read'
import {defineFormat} from '@chatmark/core/read'
import {detect} from './detect.js'
import {declaredOptions} from './options.js'
import {parse} from './parse.js'
import {claudeTool} from './tool.js'

export {subagentFiles, subagentParent} from './subagent-files.js'

/**
 * Options for the claude format. Each can also be given per read as a
 * format option of the same name (`context.options`), which wins.
 */
export interface Options {
  /**
   * Which branches a note shows:
   * - `'current'`: the branch the user kept (the newest leaf's chain), as
   *   Claude Code itself resumes it; abandoned branches are only counted;
   * - `'all'`: also each abandoned branch (rewinds, edits, Claude.ai
   *   retries), as labelled alternates after their fork point.
   *
   * Default: `'current'`.
   */
  branches?: 'current' | 'all'
  /**
   * Whether subagent (sidechain) conversations are nested under the Task /
   * Agent tool call that started them (`ToolCallPart.subagent`): sidechain
   * lines of the session file (Claude Code 1.0) and, for a session read from
   * disk, the transcripts its subagents wrote to files of their own
   * (`<sessionId>/subagents/agent-*.jsonl`, or `agent-*.jsonl` beside the
   * session in 2.0; see {@link subagentFiles}).
   *
   * Default: `false` (sidechain lines are counted; transcript files are not read).
   */
  subagents?: boolean
  /**
   * Whether injected harness text (isMeta messages, `<system-reminder>`,
   * command output, context attachments) is shown as notices.
   *
   * Default: `false` (it is counted).
   */
  keepMeta?: boolean
}

/**
 * Creates the format plugin for Claude transcripts: Claude Code sessions
 * (`~/.claude/projects/<slug>/<session>.jsonl` and the `{"loglines": [...]}`
 * document of Claude Code on the web) and the Claude.ai data export
 * (`conversations.json`, one conversation per note).
 *
 * @example
 *   const normalizer = createNormalizer({formats: [claude({subagents: true})]})
 */
export function claude(options: Options = {}): FormatPlugin {
  const settings = {
    branches: options.branches ?? 'current',
    subagents: options.subagents ?? false,
    keepMeta: options.keepMeta ?? false
  }
  return defineFormat({
    name: 'claude',
    description:
      'Claude Code session transcripts (JSONL and the loglines wrapper) and Claude.ai data exports ' +
      '(conversations.json)',
    extensions: ['.jsonl', '.json'],
    options: declaredOptions(settings),
    // The Claude.ai data export's `.zip`.
    archiveMembers: ['conversations.json'],
    detect,
    parse,
    tool: claudeTool
  })
}
