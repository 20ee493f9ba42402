import type {Part, ToolCallPart} from '@chatmark/core/model'
import type {Body, ScannedTurn} from './line-scanner.js'
import {trimBlankLines} from './trim-blank-lines.js'

// Claude Code's terminal UI (`@anthropic-ai/claude-code`, seen in 1.0.x and
// 2.1.332 screens): a prompt is `> ` (`❯ ` since 2.x) in the first column;
// every answer piece is a bullet, `⏺ ` on macOS and `● ` elsewhere; a tool
// call is a bullet `Name(arguments)` whose output follows on `  ⎿  ` lines.
// Lines are indented 2 spaces under a prompt or bullet, 5 under `⎿`.
const prompt = /^(?:>|❯)(?: (.*))?$/
const bullet = /^(?:⏺|●) (.*)$/
const toolCall = /^([A-Z][A-Za-z]*(?:[ .:][A-Za-z]+)*)\((.*)\)$/
const output = /^ {2}⎿ {1,2}(.*)$/
// The spinner's closing line (`✻ Cooked for 1s · done 4:18 AM`), `Thought for 1s`,
// the input box's rules and its footer (`⏵⏵ auto mode on`): the screen, not the talk.
const chrome = /^(?:✻ |\s+Thought for \d|[─━]{3,}|\s+⏵⏵ |\s+⧉ |\s+\? for shortcuts)/

/**
 * A Claude Code terminal copy: what precedes the first prompt (the welcome
 * banner, the cwd line, tips) is counted as `banner`; each prompt is a user
 * turn; the bullets after it are one assistant turn, its text bullets text
 * parts, its `Bash(…)`/`Read(…)`… bullets tool calls with their `⎿` lines as
 * the result. Screen chrome is counted as `terminal-chrome`.
 */
export function terminalBody(emit: (turn: ScannedTurn) => void, count: (reason: string) => void): Body {
  let user: {line: number; lines: string[]} | undefined
  let answer: {line: number; parts: Part[]} | undefined
  let piece: {kind: 'text'; lines: string[]} | {kind: 'tool'; call: ToolCallPart; output: string[]} | undefined
  let banner = false

  return {
    push(line, number) {
      const asked = prompt.exec(line)
      if (asked) {
        const rest = asked[1] ?? ''
        // The empty input box at the bottom of a screen.
        if (!/\S/.test(rest)) return
        finish()
        user = {line: number, lines: [rest]}
        return
      }
      const said = bullet.exec(line)
      if (said) {
        closeUser()
        closePiece()
        answer ??= {line: number, parts: []}
        const text = said[1] ?? ''
        const call = toolCall.exec(text)
        piece = call
          ? {kind: 'tool', call: toolCallOf(call[1] ?? '', call[2] ?? ''), output: []}
          : {kind: 'text', lines: [text]}
        return
      }
      if (chrome.test(line)) {
        count('terminal-chrome')
        // The spinner's last line closes the answer piece: what follows it is the screen again.
        if (line.startsWith('✻ ')) {
          closePiece()
          piece = undefined
        }
        return
      }
      if (user) {
        user.lines.push(line.replace(/^ {2}/, ''))
        return
      }
      if (!answer) {
        if (/\S/.test(line)) banner = true
        return
      }
      if (piece?.kind === 'tool') {
        const result = output.exec(line)
        if (result) piece.output.push(result[1] ?? '')
        else if (piece.output.length > 0 && (/^ {5}/.test(line) || !/\S/.test(line)))
          piece.output.push(line.replace(/^ {5}/, ''))
        else if (/\S/.test(line)) piece.output.push(line.trim())
        return
      }
      if (piece?.kind === 'text') piece.lines.push(line.replace(/^ {2}/, ''))
      else if (/\S/.test(line)) count('terminal-chrome')
    },
    end() {
      finish()
      if (banner) count('banner')
    }
  }

  function finish(): void {
    closeUser()
    closePiece()
    if (!answer) return
    const {line, parts} = answer
    answer = undefined
    if (parts.length === 0) return
    emit({
      role: 'assistant',
      line,
      text: parts.map((part) => (part.type === 'text' ? part.text : '')).join('\n\n'),
      parts
    })
  }

  function closeUser(): void {
    if (!user) return
    const text = trimBlankLines(user.lines)
    const {line} = user
    user = undefined
    if (text) emit({role: 'user', line, text})
  }

  function closePiece(): void {
    if (!piece || !answer) return
    if (piece.kind === 'text') {
      const text = trimBlankLines(piece.lines)
      if (text) answer.parts.push({type: 'text', text})
    } else {
      const result = trimBlankLines(piece.output)
      answer.parts.push(result ? {...piece.call, result: {text: result}} : piece.call)
    }
    piece = undefined
  }
}

/** A `Name(arguments)` bullet as a tool call; a `Bash` call's arguments are its command. */
function toolCallOf(name: string, input: string): ToolCallPart {
  const call: ToolCallPart = {type: 'tool-call', text: name, name, input}
  if (name === 'Bash') call.inputLanguage = 'bash'
  return call
}
