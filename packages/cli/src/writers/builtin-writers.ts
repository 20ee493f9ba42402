import type {NoteWriter} from '@chatmark/core'
import {loadMessageParser, markdownWriter} from '@chatmark/core'

/**
 * A built-in writer as `--help` and `--to` know it before it is used: its
 * name, extension and help, and how to import it. Only the writer a run
 * asks for is loaded (the HTML writer brings a Markdown parser, a sanitiser
 * and an HTML serialiser that a Markdown run never needs).
 */
export interface BuiltinWriter {
  readonly name: string
  readonly extension: string
  readonly description: string
  load(): Promise<NoteWriter>
}

/**
 * The built-in writers, `--to`'s choices, Markdown (the default) first.
 * Adding one is its module (a `NoteWriter`) and one entry here; a test holds
 * each entry's name, extension and description to the writer's own.
 */
export function builtinWriters(): BuiltinWriter[] {
  return [
    {
      name: markdownWriter.name,
      extension: markdownWriter.extension,
      description: markdownWriter.description,
      load: async () => markdownWriter
    },
    {
      name: 'html',
      extension: '.html',
      description: 'self-contained web pages (no script, nothing loaded), with an index.html for several',
      async load() {
        // A page shows message text parsed: the parser is loaded now, as `parseMessages` loads it.
        const [{htmlWriter}] = await Promise.all([import('@chatmark/writer-html'), loadMessageParser()])
        return htmlWriter
      }
    },
    {
      name: 'json',
      extension: '.json',
      description: 'the conversation model as JSON (on stdout, with --json: one line per input, JSON Lines)',
      load: async () => (await import('./json-writer.js')).jsonWriter
    }
  ]
}

/**
 * The built-in writer of that name, imported now: the library's way to the
 * same writers as `--to`.
 *
 * @example
 *   const html = await loadWriter('html')
 *   await writeFile('note.html', [...html.write(conversation)].join(''))
 */
export async function loadWriter(name: string): Promise<NoteWriter> {
  const writer = builtinWriters().find((candidate) => candidate.name === name)
  if (!writer) {
    const names = builtinWriters().map((candidate) => candidate.name)
    throw new Error(`No writer named \`${name}\`: expected one of ${names.join(', ')}`)
  }
  return writer.load()
}

/** The default writer's name. */
export const defaultWriterName = 'markdown'
