import {lineBreak, sessionHeader, toolLine, userLine} from './types.js'

/** A run of lines of one kind within a session. */
export interface Block {
  kind: 'user' | 'output' | 'assistant'
  /** 1-based number of the block's first line. */
  line: number
  /** The lines, without aider's `#### ` or `> ` prefix and trailing line break. */
  lines: string[]
}

/** One `# aider chat started at` session, or the text before the first one. */
export interface Session {
  /** Local start time, `YYYY-MM-DD HH:MM:SS`; absent for text before any start line. */
  startedAt?: string
  line: number
  blocks: Block[]
}

/**
 * Splits the history into sessions and each session into blocks, one line at
 * a time. An answer's own `#### ` headings and `> ` quotes, which lack aider's
 * two trailing spaces, stay in the answer, and so does everything inside the
 * answer's code fences.
 */
export class BlockScanner {
  readonly #done: Session[] = []
  #session: Session = {line: 1, blocks: []}
  #block: Block | undefined
  #fence: string | undefined
  /** Inside a multi-line `tool_output`, whose later lines are not quoted. */
  #continued = false

  /** Reads the next line. */
  push(text: string, line: number): void {
    const header = sessionHeader.exec(text)
    if (header) {
      this.#finishSession()
      this.#session = {startedAt: header[1]!, line, blocks: []}
      return
    }
    const kind = this.#block?.kind
    if (this.#continued) {
      this.#block!.lines.push(text.replace(lineBreak, ''))
      if (lineBreak.test(text)) this.#continued = false
      return
    }
    if (kind === 'assistant' && this.#fence !== undefined) {
      this.#assistantLine(text, line)
      return
    }
    // `user_input` ends every line in two spaces; an answer's `#### ` heading has none.
    if (userLine.test(text) && lineBreak.test(text)) {
      this.#add('user', text.replace(/^####(?: |$)/, ''), line)
      return
    }
    if (toolLine.test(text) && (lineBreak.test(text) || kind !== 'assistant')) {
      this.#add('output', text.replace(/^>(?: |$)/, ''), line)
      // A quoted line without the closing two spaces: tool_output's later lines follow unquoted.
      if (!lineBreak.test(text) && text.trim() !== '>') this.#continued = true
      return
    }
    if (text.trim() === '') {
      if (kind === 'assistant') this.#block!.lines.push('')
      else this.#block = undefined
      return
    }
    this.#assistantLine(text, line)
  }

  /** The sessions read, the last one included. */
  finish(): Session[] {
    this.#finishSession()
    return this.#done
  }

  #add(kind: Block['kind'], text: string, line: number): void {
    if (this.#block?.kind !== kind) {
      this.#block = {kind, line, lines: []}
      this.#session.blocks.push(this.#block)
    }
    this.#block.lines.push(text.replace(lineBreak, ''))
  }

  #assistantLine(text: string, line: number): void {
    this.#add('assistant', text, line)
    const fence = /^ {0,3}(`{3,}|~{3,})/.exec(text)
    if (!fence) return
    if (this.#fence === undefined) this.#fence = fence[1]!
    else if (fence[1]!.startsWith(this.#fence) && text.trim() === fence[1]) this.#fence = undefined
  }

  #finishSession(): void {
    if (this.#session.startedAt !== undefined || this.#session.blocks.length > 0) this.#done.push(this.#session)
    this.#block = undefined
    this.#fence = undefined
    this.#continued = false
  }
}
