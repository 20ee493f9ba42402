import type {FormatPlugin} from '@chatmark/core'
import type {BuiltinWriter} from '../writers/builtin-writers.js'
import {builtinWriters} from '../writers/builtin-writers.js'
import type {CliFormatOption} from './format-options.js'
import {valueHint} from './format-options.js'

// The formats are not named here: they are listed from the registry (see `helpText`), so none goes missing.
const head = `Usage: chatmark [options] <file|dir|->...

Turn AI-chat transcripts into Markdown notes (or web pages, or JSON), from any of the
formats below; each input's format is found from its content. Notes go to stdout unless
-o is given.

Sync: chatmark sync VAULT keeps a notes folder up to date; see chatmark sync --help

Options:
  -o, --out <dir>            write one note per conversation into <dir> (also --output;
                             with --to html and several conversations, an index.html too)
      --to <writer>          what to write: markdown (default), html or json (below)
      --format <name>        skip detection and read inputs as <name> (below)
      --explain              show every format's verdict and why one won
      --json                 the same as --to json: on stdout, one JSON object per input
                             (JSON Lines)
      --list                 list the conversations of each input (id, date, turns,
                             title, tab-separated) without writing notes
      --only <id|text>       convert only conversations with this id, or whose title
                             contains this text (case-insensitive; repeatable)
      --list-formats         list the formats in dispatch order, their extensions and tools
      --list-options         list the format options: flag, values, default, formats
      --use <module>         register a format from a file or package (repeatable)
      --no-thinking          leave out thinking
      --no-notices           leave out harness notices
      --no-redact            keep secrets (API keys, tokens, private keys, passwords in
                             URLs and .env lines: the README lists every kind) instead
                             of replacing each with [redacted: its kind]
      --parse-messages       parse message text into mdast (for remark plugins)
      --profile <name>       'gfm' (default) or 'obsidian'
      --remote-content <how> 'link' (default): remote images become links, HTML that
                             loads or runs things (iframe, img, script) is shown as text,
                             so opening a note fetches nothing; 'keep': as written
      --max-result-chars <n> keep head and tail of long tool results (default 4000, 0: all)
      --fold-lines <n>       fold tool output of more lines (default 20, 0: never)
      --page-size <MB>       with --to html -o: a long conversation goes on to another
                             page after about this many MB (default 4, 0: one page)
      --time-zone <tz>       time zone of the note's times (default UTC; named once)
      --follow-symlinks      read inputs behind symbolic links
  -j, --jobs <n>             convert up to <n> inputs at once, each in a worker thread
                             (1 to 256; default: one per core; 1: no workers)
      --time-limit <s>       stop an input after <s> seconds (its worker, or, with -j 1,
                             between steps), which then fails (default 600, 0: no limit;
                             at most 2147483)
  -h, --help                 show this help
  -v, --version              show the version`

const tail = 'Exit status: 0 when every input was converted, 1 when any failed, 2 for usage errors.'

/** Where descriptions start in `--help`, and how wide its lines may be. */
const descriptionColumn = 29
const helpWidth = 91

/**
 * `--help`: chatmark's own options, then the options of the registered
 * formats (`FormatPlugin.options`), the registered formats themselves (the
 * registry `--list-formats` prints, `--use` ones included) and the writers:
 * each generated from its declaration, so a new format or option is listed
 * without touching this text.
 */
export function helpText(formats: readonly FormatPlugin[], formatOptions: readonly CliFormatOption[] = []): string {
  const lines: string[] = []
  for (const option of formatOptions) {
    const flag = `      --${option.name}${valueHint(option)}`
    const shown = option.type !== 'boolean' && option.default !== undefined ? ` (default ${option.default})` : ''
    const text = wrap(`${option.description}${shown}`, helpWidth - descriptionColumn)
    const first = flag.length < descriptionColumn ? flag.padEnd(descriptionColumn) + (text.shift() ?? '') : flag
    lines.push(first.trimEnd(), ...text.map((line) => ' '.repeat(descriptionColumn) + line))
  }
  const section =
    lines.length === 0
      ? ''
      : `\n\nFormat options (read by the formats that declare them; --list-options says which):\n${lines.join('\n')}`
  return `${head}${section}\n\n${formatsSection(formats)}\n\n${writersSection(builtinWriters())}\n\n${tail}`
}

/** The formats `--format` names, in dispatch order, one entry each: name and description. */
function formatsSection(formats: readonly FormatPlugin[]): string {
  const width = Math.max(0, ...formats.map((format) => format.name.length))
  const rows = formats.map((format) => ({name: format.name.padEnd(width + 1), text: format.description ?? ''}))
  return `Formats (in dispatch order; --format <name> reads inputs as one):\n${table(rows)}`
}

/** The writers `--to` chooses from, one line each: name, extension, what it writes. */
function writersSection(writers: readonly BuiltinWriter[]): string {
  const rows = writers.map((writer) => ({
    name: `${writer.name.padEnd(9)} ${writer.extension.padEnd(6)}`,
    text: writer.description
  }))
  return `Writers (--to; -o names files <date>-<title> plus the extension):\n${table(rows)}`
}

/** Rows of a name and its text, the text wrapped to the help's width and indented under itself. */
function table(rows: readonly {name: string; text: string}[]): string {
  return rows
    .flatMap(({name, text}) => {
      const head = `  ${name} `
      const wrapped = wrap(text, helpWidth - head.length)
      return [(head + (wrapped.shift() ?? '')).trimEnd(), ...wrapped.map((line) => ' '.repeat(head.length) + line)]
    })
    .join('\n')
}

/** Words of `text` in lines of at most `width` characters (a longer word has a line of its own). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line === '' ? word : `${line} ${word}`
  }
  if (line !== '') lines.push(line)
  return lines
}
