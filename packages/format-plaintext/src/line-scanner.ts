import type {Fidelity, Role} from '@chatmark/core/model'
import type {CodeFence} from './code-fence.js'
import {closesCodeFence, codeFenceOpening} from './code-fence.js'
import {endsFrontMatter, frontMatterTitle, isFrontMatterLine, maxFrontMatterLines} from './front-matter.js'
import {markerText} from './marker-text.js'
import type {SpeakerLabel} from './speaker-label.js'
import {speakerLabel} from './speaker-label.js'
import {titleHeading} from './title-heading.js'
import type {LabelStyle, Speaker, Variant} from './types.js'

/** A turn found by a {@link LineScanner}. */
export interface ScannedTurn {
  role: Role
  /** Display name from the label, for named models. */
  name?: string
  /** 1-based line number of the turn's first line. */
  line: number
  /** The turn's text, verbatim, without surrounding blank lines. */
  text: string
}

/** What a scan found. */
export interface Scan {
  /** From the front matter's `title:` or a leading `# ` heading. */
  title?: string
  turns: ScannedTurn[]
  /** What was not kept as turn text, counted by reason. */
  fidelity: Fidelity
}

/**
 * Reads a transcript line by line, so the parser can stream and the detector
 * can run the very same rules over its sample.
 */
export interface LineScanner {
  /** Takes the next line (without its line ending). */
  push(text: string, line: number): void
  /** Ends the input and returns what was found. */
  end(): Scan
}

/** A turn being read. Always built by {@link openTurn}: one object shape keeps the per-line path fast. */
interface Open {
  role: Role
  name: string | undefined
  line: number
  lines: string[]
}

type Body = Pick<LineScanner, 'push'> & {end(): void}

/**
 * Where a turn boundary sat inside a code fence. Fences protect their content,
 * but one that is never closed must not swallow every turn after it: at the
 * end of the input, the text from this line on is read again, unfenced.
 */
interface Unfenced {
  /** Index of the line in the open turn's lines. */
  index: number
  line: number
}

/**
 * Creates a scanner for one transcript style. Every style first drops YAML
 * front matter (counted as `front-matter`) and takes a leading `# ` heading as
 * the title; the rest is the body.
 */
export function createLineScanner(variant: Variant, speakers: ReadonlyMap<string, Speaker>): LineScanner {
  const turns: ScannedTurn[] = []
  const fidelity: Fidelity = {}
  let title: string | undefined
  let titleLine: {text: string; line: number} | undefined
  let phase: 'start' | 'front-matter' | 'title' | 'body' = 'start'
  let frontMatter: Array<{text: string; line: number}> = []

  const body =
    variant === 'marker' ? markerBody(emit) : variant === 'labels' ? labelBody(emit, speakers) : proseBody(emit)

  return {
    push(text, line) {
      switch (phase) {
        case 'start':
          if (!/\S/.test(text)) return
          if (text.trimEnd() === '---') {
            phase = 'front-matter'
            frontMatter = [{text, line}]
            return
          }
          phase = 'title'
          break
        case 'front-matter':
          if (frontMatter.length > 1 && endsFrontMatter(text)) {
            title = frontMatterTitle(frontMatter.slice(1).map((entry) => entry.text))
            count('front-matter')
            frontMatter = []
            phase = 'title'
            return
          }
          frontMatter.push({text, line})
          if (isFrontMatterLine(text) && frontMatter.length <= maxFrontMatterLines) return
          // Not front matter after all: a `---` rule and text. Replay it.
          phase = 'body'
          for (const entry of frontMatter) body.push(entry.text, entry.line)
          frontMatter = []
          return
        case 'title':
          break
        case 'body':
          body.push(text, line)
          return
      }

      // Title phase: blank lines, then maybe a `# ` heading that is not a label.
      if (!/\S/.test(text)) return
      phase = 'body'
      const heading = title === undefined && !speakerLabel(text, speakers) ? titleHeading(text) : undefined
      if (heading === undefined) {
        body.push(text, line)
        return
      }
      title = heading
      titleLine = {text, line}
    },
    end() {
      if (phase === 'front-matter') for (const entry of frontMatter) body.push(entry.text, entry.line)
      body.end()
      // A file that is only a heading is a note with that line as its text.
      if (turns.length === 0 && titleLine) turns.push({role: 'user', line: titleLine.line, text: titleLine.text})
      return {...(title === undefined ? {} : {title}), turns, fidelity}
    }
  }

  function emit(open: Open): void {
    const text = trimBlankLines(open.lines)
    if (text === '') {
      // A speaker label with nothing after it; a preamble of blank lines is not worth a count.
      if (open.role !== 'other') count('empty-turn')
      return
    }
    const turn: ScannedTurn = {role: open.role, line: open.line, text}
    if (open.name !== undefined) turn.name = open.name
    turns.push(turn)
  }

  function count(reason: string): void {
    fidelity[reason] = (fidelity[reason] ?? 0) + 1
  }
}

/**
 * `>`-marker body. A block of `> ` lines is a user prompt, the unprefixed
 * lines after it the reply. A `>` line right after reply text (no blank line)
 * is a quotation inside the reply. A `>` block after a blank line is
 * ambiguous; the file's own habit decides, learnt from its first prompt:
 * - *tight* (MemPalace: the reply starts on the line after the prompt): a `>`
 *   block followed by a blank line and then more unprefixed text is a
 *   quotation inside the reply; one followed directly by text, by another
 *   `>` block or by the end of the input is a prompt;
 * - *loose* (a blank line between prompt and reply): every `>` block after a
 *   blank line is a prompt.
 */
function markerBody(emit: (open: Open) => void): Body {
  let current: Open | undefined
  let quote: {line: number; lines: string[]; blanks: string[]} | undefined
  let fence: CodeFence | undefined
  let unfenced: Unfenced | undefined
  let afterBlank = true
  let habit: 'tight' | 'loose' | undefined

  const body: Body = {
    push(text, line) {
      if (fence && current) {
        if (!unfenced && afterBlank && markerText(text) !== undefined) unfenced = {index: current.lines.length, line}
        afterBlank = !/\S/.test(text)
        current.lines.push(text)
        if (closesCodeFence(text, fence)) {
          fence = undefined
          unfenced = undefined
        }
        return
      }

      if (markerText(text) !== undefined) {
        if (quote && quote.blanks.length === 0) {
          quote.lines.push(text)
          return
        }
        if (quote) {
          prompt()
        } else if (current && !afterBlank) {
          current.lines.push(text)
          return
        }
        quote = {line, lines: [text], blanks: []}
        return
      }

      if (!/\S/.test(text)) {
        if (quote) quote.blanks.push(text)
        else current?.lines.push(text)
        afterBlank = true
        return
      }

      if (quote) {
        const tight = quote.blanks.length === 0
        habit ??= tight ? 'tight' : 'loose'
        if (!tight && habit === 'tight' && current) {
          for (const quoted of quote.lines) current.lines.push(quoted)
          for (const blank of quote.blanks) current.lines.push(blank)
          quote = undefined
        } else {
          prompt()
        }
      }
      current ??= openTurn('assistant', undefined, line, [])
      current.lines.push(text)
      fence = codeFenceOpening(text)
      afterBlank = false
    },
    end() {
      while (fence && current && unfenced) {
        const {index, line} = unfenced
        fence = undefined
        unfenced = undefined
        afterBlank = true
        for (const [offset, text] of current.lines.splice(index).entries()) body.push(text, line + offset)
      }
      if (quote) prompt()
      if (current) emit(current)
      current = undefined
    }
  }
  return body

  function prompt(): void {
    if (!quote) return
    if (current) emit(current)
    current = undefined
    emit(
      openTurn(
        'user',
        undefined,
        quote.line,
        quote.lines.map((line) => markerText(line) ?? line)
      )
    )
    quote = undefined
  }
}

/**
 * Labelled body. The first label fixes the transcript's label style; later
 * labels in another style (a `## User` line inside a `User:` transcript) are
 * message text. Text before the first label is a preamble (role `other`).
 */
function labelBody(emit: (open: Open) => void, speakers: ReadonlyMap<string, Speaker>): Body {
  let current: Open | undefined
  let style: LabelStyle | undefined
  let fence: CodeFence | undefined
  let unfenced: Unfenced | undefined

  const body: Body = {
    push(text, line) {
      if (fence && current) {
        if (!unfenced && isLabel(speakerLabel(text, speakers))) unfenced = {index: current.lines.length, line}
        current.lines.push(text)
        if (closesCodeFence(text, fence)) {
          fence = undefined
          unfenced = undefined
        }
        return
      }
      const label = speakerLabel(text, speakers)
      if (isLabel(label)) {
        style ??= label.style
        if (current) emit(current)
        current = openTurn(label.speaker.role, label.speaker.name, line, label.rest === undefined ? [] : [label.rest])
        fence = label.rest === undefined ? undefined : codeFenceOpening(label.rest)
        return
      }
      if (!current && !/\S/.test(text)) return
      current ??= openTurn('other', undefined, line, [])
      current.lines.push(text)
      fence = codeFenceOpening(text)
    },
    end() {
      while (fence && current && unfenced) {
        const {index, line} = unfenced
        fence = undefined
        unfenced = undefined
        for (const [offset, text] of current.lines.splice(index).entries()) body.push(text, line + offset)
      }
      if (current) emit(current)
      current = undefined
    }
  }
  return body

  function isLabel(label: SpeakerLabel | undefined): label is SpeakerLabel {
    return label !== undefined && (style === undefined || label.style === style)
  }
}

/** Prose body: everything is one turn. */
function proseBody(emit: (open: Open) => void): Body {
  let current: Open | undefined
  return {
    push(text, line) {
      current ??= openTurn('user', undefined, line, [])
      current.lines.push(text)
    },
    end() {
      if (current) emit(current)
      current = undefined
    }
  }
}

function openTurn(role: Role, name: string | undefined, line: number, lines: string[]): Open {
  return {role, name, line, lines}
}

function trimBlankLines(lines: readonly string[]): string {
  let start = 0
  let end = lines.length
  while (start < end && !/\S/.test(lines[start] ?? '')) start++
  while (end > start && !/\S/.test(lines[end - 1] ?? '')) end--
  return lines.slice(start, end).join('\n')
}
