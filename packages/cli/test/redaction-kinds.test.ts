import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {test} from 'vitest'
import {secretSamples} from '../../../test/redaction/secret-samples.js'
import {contextRules} from '../src/redact/context-rules.js'
import {secretlintKinds} from '../src/redact/secret-kind.js'
import {tokenRules} from '../src/redact/token-rules.js'

// The README says exactly which kinds are caught: the list there, the rules' kinds and the kinds the test of every
// carrier plants (test/redaction/every-carrier.test.ts) are one set.

const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8')
const section = readme.slice(readme.indexOf("By secretlint's rules:"), readme.indexOf('What is **not** caught'))

test('the README lists every kind the rules name, and no other', () => {
  const documented = new Set([...section.matchAll(/^- \*\*([^*]+)\*\*:/gm)].map((match) => match[1]))
  const named = new Set([...secretlintKinds, ...[...tokenRules, ...contextRules].map((rule) => rule.kind)])
  assert.deepEqual([...documented].sort(), [...named].sort())
})

test('every kind is planted in the test of every carrier, and every rule has a source for its shape', () => {
  const planted = new Set(secretSamples.map((sample) => sample.kind))
  const missing = [...secretlintKinds, ...[...tokenRules, ...contextRules].map((rule) => rule.kind)].filter(
    (kind) => !planted.has(kind)
  )
  assert.deepEqual(missing, [])
  for (const rule of [...tokenRules, ...contextRules]) assert.ok(rule.source.length > 10, rule.kind)
})
