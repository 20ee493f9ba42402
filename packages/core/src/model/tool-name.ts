import type {Conversation} from './model.js'

/**
 * The tool a conversation comes from, by the format and variant that read it,
 * as a short name (`claude-code`, `claude-ai`, `gemini-cli`): the names people
 * call the tools by (one format, `claude`, reads two tools), usable as a
 * folder name and an Obsidian tag. A format chatmark does not know is named
 * after itself (its name made safe by whoever uses it as a tag or a folder).
 */
export function toolName(conversation: Conversation): string {
  const {format, variant} = conversation.source
  if (format === 'claude') return variant?.startsWith('claude-ai') ? 'claude-ai' : 'claude-code'
  return toolNames[format] ?? format
}

const toolNames: Readonly<Record<string, string>> = {
  chatgpt: 'chatgpt',
  codex: 'codex',
  gemini: 'gemini-cli',
  qwen: 'qwen-code',
  opencode: 'opencode',
  aider: 'aider',
  continue: 'continue',
  slack: 'slack',
  plaintext: 'transcripts'
}
