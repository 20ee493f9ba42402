import assert from 'node:assert/strict'
import {test} from 'vitest'
import {createSample, inputFromPath, normalizer} from 'chatmark'
import {corpusFiles} from './util/corpus.js'
import {fixtureCases, fixtureInput} from './util/fixtures.js'

const registered = new Set(normalizer.formats.map((format) => format.name))
const fixtures = await fixtureCases()

test('there are fixtures for every registered format', () => {
  for (const name of registered) {
    assert.ok(
      fixtures.some((fixture) => fixture.format === name),
      `no golden cases in packages/format-${name}/fixtures/`
    )
  }
})

for (const fixture of fixtures) {
  test(`${fixture.name}: its owner wins and no other detector answers certain`, async () => {
    const sample = await createSample(await fixtureInput(fixture), normalizer.limits.sampleBytes)
    for (const format of normalizer.formats) {
      const verdict = format.detect(sample)
      if (format.name !== fixture.format) {
        assert.notEqual(verdict.confidence, 'certain', `${format.name} claims ${fixture.name}: ${verdict.reason}`)
      }
    }
    const detection = await normalizer.detect(await fixtureInput(fixture))
    assert.equal(detection.format, fixture.format, detection.explanation)
  })
}

for (const file of corpusFiles()) {
  const readable = registered.has(file.owner) && !file.pending
  const expectation = readable ? `detected as ${file.owner}` : `claimed by no format until ${file.owner} reads it`
  test(`corpus ${file.name}: ${expectation}`, async () => {
    const detection = await normalizer.detect(await inputFromPath(file.path))
    if (readable) {
      assert.equal(detection.format, file.owner, detection.explanation)
      for (const verdict of detection.verdicts) {
        if (verdict.format !== file.owner)
          assert.notEqual(verdict.confidence, 'certain', `${verdict.format}: ${verdict.reason}`)
      }
    } else {
      assert.equal(detection.format, undefined, `${detection.format} claimed it: ${detection.explanation}`)
    }
  })
}
