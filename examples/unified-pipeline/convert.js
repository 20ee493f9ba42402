#!/usr/bin/env node
// Converts one chat file to a Markdown note through a unified pipeline:
// chatmark reads the file into the note's mdast tree (with `parseMessages`,
// so message text is mdast too, not a verbatim literal), remark-gemoji turns
// emoji shortcodes that people typed (`ship it :rocket:`) into emoji, and
// remark-stringify writes the note. Problems chatmark found are reported on
// stderr by vfile-reporter.
//
//   node examples/unified-pipeline/convert.js FILE [--obsidian]
import process from 'node:process'
import {chatmark} from 'chatmark'
import remarkGemoji from 'remark-gemoji'
import remarkStringify from 'remark-stringify'
import {read} from 'to-vfile'
import {unified} from 'unified'
import {reporter} from 'vfile-reporter'

const [path, flag] = process.argv.slice(2)
if (!path) {
  process.stderr.write('usage: node convert.js FILE [--obsidian]\n')
  process.exit(2)
}

const processor = unified()
  .use(chatmark, {profile: flag === '--obsidian' ? 'obsidian' : 'gfm', parseMessages: true})
  .use(remarkGemoji)
  .use(remarkStringify)

try {
  const file = await processor.process(await read(path))
  process.stdout.write(String(file))
  if (file.messages.length > 0) process.stderr.write(`${reporter(file)}\n`)
} catch (error) {
  // A fatal message from chatmark carries the file; anything else (no such file) is an Error.
  process.stderr.write(`${error instanceof Error && 'fatal' in error ? reporter(error) : String(error)}\n`)
  process.exitCode = 1
}
