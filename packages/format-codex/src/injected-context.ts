/**
 * Whether `role: user` text was written by Codex rather than typed: the
 * environment, AGENTS.md and user instructions, aborted-turn markers, user
 * shell command records and other blocks Codex wraps in one snake_case tag.
 */
export function isInjectedContext(text: string): boolean {
  const trimmed = text.trim()
  if (trimmed.startsWith('# AGENTS.md instructions for')) return true
  const open = /^<([a-z][a-z0-9]*(?:_[a-z0-9]+)+|environment_context|instructions)\b[^>]*>/.exec(trimmed)
  if (!open) return false
  return trimmed.endsWith(`</${open[1]}>`)
}

/** A one-line label for injected text: its tag, or its first line. */
export function injectedLabel(text: string): string {
  const trimmed = text.trim()
  const tag = /^<([a-z_0-9]+)/.exec(trimmed)
  if (tag) return `<${tag[1]}>`
  const line = trimmed.split('\n', 1)[0] ?? ''
  return line.replace(/^#+\s*/, '').slice(0, 80)
}
