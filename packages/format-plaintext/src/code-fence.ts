/** An open fenced code block: its fence character and length. */
export interface CodeFence {
  character: '`' | '~'
  size: number
}

const opening = /^ {0,3}(`{3,}|~{3,})(.*)$/
const closing = /^ {0,3}(`{3,}|~{3,})[ \t]*$/

/**
 * The code fence `line` opens, if it opens one (CommonMark: three or more
 * backticks or tildes, indented at most three spaces; a backtick fence's info
 * string has no backtick). Speaker labels and `>` prompts inside fenced code
 * are content, so scanners track fences.
 */
export function codeFenceOpening(line: string): CodeFence | undefined {
  const match = opening.exec(line)
  const run = match?.[1]
  if (!run) return undefined
  const character = run.charAt(0) === '`' ? '`' : '~'
  if (character === '`' && match[2]?.includes('`')) return undefined
  return {character, size: run.length}
}

/** Whether `line` closes `fence`: the same character, at least as many, nothing after. */
export function closesCodeFence(line: string, fence: CodeFence): boolean {
  const run = closing.exec(line)?.[1]
  return run !== undefined && run.charAt(0) === fence.character && run.length >= fence.size
}
