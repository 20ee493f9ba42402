import {readFileSync} from 'node:fs'
import type {Code, Nodes} from 'mdast'
import {fromMarkdown} from 'mdast-util-from-markdown'

/** The info strings of fenced blocks that hold commands to type: the blocks a test of the docs must run. */
const shellLanguages: ReadonlySet<string> = new Set(['sh', 'bash', 'shell', 'console', 'zsh'])

/** One command of a shell block, as a person would type it. */
export interface ShellCommand {
  /** The line of the Markdown file it starts on. */
  line: number
  /** The whole line, its trailing `# comment` included: what a shell is given. */
  text: string
  /** The command without the comment, to name it by. */
  command: string
}

/** A fenced shell block of a Markdown file. */
export interface ShellBlock {
  /** The line of its opening fence. */
  line: number
  commands: ShellCommand[]
}

/**
 * Every fenced block of `path` tagged `sh`, `bash`, `shell`, `console` or
 * `zsh`, in order, split into its commands: a line each (a line ending in `\`
 * goes on with the next), without blank and comment-only lines. A comment is
 * what follows ` # ` at the end of a line, as these docs write them.
 */
export function shellBlocks(path: string): ShellBlock[] {
  const blocks: ShellBlock[] = []
  const visit = (node: Nodes): void => {
    if (node.type === 'code') {
      if (shellLanguages.has(node.lang ?? '')) blocks.push(blockOf(node))
      return
    }
    if ('children' in node) for (const child of node.children) visit(child)
  }
  visit(fromMarkdown(readFileSync(path, 'utf8')))
  return blocks
}

function blockOf(node: Code): ShellBlock {
  const start = node.position?.start.line ?? 1
  const commands: ShellCommand[] = []
  const lines = node.value.split('\n')
  for (let index = 0; index < lines.length; index++) {
    // The first line of the value is the one after the opening fence.
    const line = start + 1 + index
    let text = lines[index] ?? ''
    while (text.endsWith('\\') && index + 1 < lines.length) text = `${text.slice(0, -1)}${lines[++index]}`
    if (text.trim() === '' || text.trimStart().startsWith('#')) continue
    commands.push({line, text, command: text.replace(/\s+#\s.*$/, '').trim()})
  }
  return {line: start, commands}
}
