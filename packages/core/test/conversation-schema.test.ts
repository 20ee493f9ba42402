import assert from 'node:assert/strict'
import {readFileSync} from 'node:fs'
import {test} from 'vitest'
import {conversationSchemaText, schemaFile} from '../scripts/conversation-schema.js'
import {isoTimePattern} from '../src/model/parse-time.js'

// The model's JSON Schema ships with the package and is generated from the model's types: a change to the types
// (a field, a value in a list, a TSDoc line) must come with the regenerated file (`pnpm --filter @chatmark/core
// schema`). test/model-schema.test.ts holds the validator to it.

const committed = readFileSync(schemaFile, 'utf8')

test('the committed schema is the one the model types give', () => {
  assert.ok(
    committed === conversationSchemaText(),
    'packages/core/schema/conversation.schema.json is stale: run `pnpm --filter @chatmark/core schema`'
  )
})

test("the schema's times are the ones parseTime reads: the same pattern", () => {
  const schema = JSON.parse(committed) as {definitions: {IsoTime: {pattern: string}}}
  assert.equal(schema.definitions.IsoTime.pattern, isoTimePattern)
})
