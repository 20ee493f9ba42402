import assert from 'node:assert/strict'
import {existsSync} from 'node:fs'
import {readFile, rm, writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {test} from 'node:test'
import type {RenderOptions} from 'chatmark'
import {convert, normalizer} from 'chatmark'
import {fixtureCases, fixtureInput} from './util/fixtures.js'

// Set UPDATE_GOLDEN=1 to rewrite the expected files, then review the diff.
const update = process.env['UPDATE_GOLDEN'] === '1'

interface CaseOptions {
  format?: Record<string, unknown>
  render?: RenderOptions
}

for (const fixture of await fixtureCases()) {
  test(`${fixture.name}: the note matches the reviewed output`, async () => {
    const optionsPath = join(fixture.dir, 'options.json')
    const options = existsSync(optionsPath) ? (JSON.parse(await readFile(optionsPath, 'utf8')) as CaseOptions) : {}
    const result = await convert(normalizer, await fixtureInput(fixture), {
      ...(options.format ? {formatOptions: options.format} : {}),
      ...(options.render ? {render: options.render} : {})
    })

    assert.equal(result.detection.format, fixture.format, `detected as ${result.detection.format}: ${result.detection.explanation}`)
    const messages = result.file.messages.map((message) => `${message.line ?? '-'}:${message.ruleId ?? '-'}: ${message.reason}`)
    await compare(join(fixture.dir, 'messages.txt'), messages.length > 0 ? `${messages.join('\n')}\n` : undefined)
    assert.ok(result.notes.length > 0, 'at least one note')
    for (const [index, note] of result.notes.entries()) {
      await compare(join(fixture.dir, index === 0 ? 'output.md' : `output-${index + 1}.md`), note.markdown)
    }
  })
}

async function compare(path: string, actual: string | undefined): Promise<void> {
  if (update) {
    if (actual === undefined) await rm(path, {force: true})
    else await writeFile(path, actual)
    return
  }
  const expected = existsSync(path) ? await readFile(path, 'utf8') : undefined
  assert.equal(actual, expected, `${path} differs (run with UPDATE_GOLDEN=1 and review the diff)`)
}
