import assert from 'node:assert/strict'
import {test} from 'vitest'
import {builtinFormats, normalizer} from 'chatmark'
import {runCli} from './run-cli.js'

/** The names of the formats section of `--help`, in order. */
function formatsInHelp(help: string): string[] {
  const section = help.slice(help.indexOf('\nFormats ('), help.indexOf('\n\nWriters ('))
  return [...section.matchAll(/^ {2}(\S+) +\S/gm)].map(([, name]) => name ?? '')
}

test('--help lists every format of the registry --list-formats prints, in order, with its description', async () => {
  const {code, stdout} = await runCli(['--help'])
  assert.equal(code, 0)
  const registry = normalizer.formats.map((format) => format.name)
  assert.deepEqual(
    registry,
    builtinFormats().map((format) => format.name)
  )
  assert.deepEqual(formatsInHelp(stdout), registry)
  const listed = (await runCli(['--list-formats'])).stdout
    .trimEnd()
    .split('\n')
    .filter((line) => !line.startsWith(' '))
    .map((line) => line.split(/\s+/)[0])
  assert.deepEqual(formatsInHelp(stdout), listed)
  for (const format of normalizer.formats) {
    const first = format.description.split(' ').slice(0, 3).join(' ')
    assert.match(stdout, new RegExp(`^ {2}${format.name} +${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'))
  }
})

test('a format added to the registry is in --help with nothing else to change: one registered with --use', async () => {
  const {code, stdout} = await runCli(['--use', './examples/custom-format/irc-format.js', '--help'])
  assert.equal(code, 0)
  assert.deepEqual(formatsInHelp(stdout), ['irc', ...normalizer.formats.map((format) => format.name)])
})

test('--help points to chatmark sync, in one line', async () => {
  const {stdout} = await runCli(['--help'])
  const lines = stdout.split('\n').filter((line) => line.includes('chatmark sync'))
  assert.deepEqual(lines, ['Sync: chatmark sync VAULT keeps a notes folder up to date; see chatmark sync --help'])
  for (const line of stdout.split('\n')) assert.ok(line.length <= 91, line)
})
