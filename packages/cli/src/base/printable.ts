/** C0 controls but tab, DEL and C1 controls: what a terminal may act on (ESC, OSC, BEL, NUL, CR...). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point here
const controls = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g

/**
 * Text from an input (a title, an id, a path, a reason quoting the file) made
 * safe to print on one line of a terminal: each control character is written
 * as its escape (`\x1b`, `\n`), so a transcript can neither retitle the
 * terminal, clear the screen, ring its bell nor forge another line of output.
 */
export function printable(text: string): string {
  return text.replace(controls, (character) => {
    if (character === '\n') return '\\n'
    if (character === '\r') return '\\r'
    return `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}`
  })
}

/** C0 controls but tab and line feed, DEL and C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point here
const terminalControls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g

/**
 * A note as it is printed on a terminal: lines and tabs kept, every other
 * control character written as its escape (`\x1b`), so that a transcript's
 * escape sequences (a tool's coloured output, or a hostile title) are shown,
 * never acted on. Notes written to files or a pipe keep their text as it is.
 */
export function terminalText(text: string): string {
  terminalControls.lastIndex = 0
  if (!terminalControls.test(text)) return text
  return text.replace(terminalControls, escapeControl)
}

function escapeControl(character: string): string {
  if (character === '\r') return '\\r'
  return `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}`
}
