import type {Conversation} from '@chatmark/core'

/**
 * The folder a tool's notes go in, by the format and variant that read them:
 * the names people call the tools by, so `claude` splits into Claude Code
 * sessions and Claude.ai exports.
 */
export function toolFolder(conversation: Conversation): string {
  const {format, variant} = conversation.source
  if (format === 'claude') return variant?.startsWith('claude-ai') ? 'claude-ai' : 'claude-code'
  return toolFolders[format] ?? format.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()
}

const toolFolders: Readonly<Record<string, string>> = {
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
