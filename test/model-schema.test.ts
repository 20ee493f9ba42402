import assert from 'node:assert/strict'
import {readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {Ajv} from 'ajv'
import {Ajv2020} from 'ajv/dist/2020.js'
import type {ValidateFunction} from 'ajv'
import fc from 'fast-check'
import {test} from 'vitest'
import {convert, normalizer, timeOf, validateConversation} from 'chatmark'
import {modelLists} from '../packages/core/src/model/validate-conversation.js'
import {tokenKeys} from '../packages/core/src/model/sum-tokens.js'
import {fixtureCases, fixtureInput, readCaseOptions} from './util/fixtures.js'

// The model is declared once, by its TypeScript types: core's JSON Schema is generated from them
// (packages/core/scripts/conversation-schema.js, kept fresh by core's conversation-schema.test.ts). The hand-written
// validator, with its messages naming the field, and the `--json` schema's hand-written `conversation` must agree
// with it: the same lists of values, and the same verdict on every fixture's conversation and on random changes of
// them.

type Json = null | boolean | number | string | Json[] | {[key: string]: Json}
interface SchemaNode {
  [key: string]: unknown
}

function readJson(path: string): SchemaNode {
  return JSON.parse(readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8')) as SchemaNode
}

const modelSchema = readJson('../packages/core/schema/conversation.schema.json')
const jsonSchema = readJson('../packages/cli/schema/chatmark-json.schema.json')
const definitions = modelSchema['definitions'] as Record<string, SchemaNode>
const validateSchema = new Ajv({strict: true, allowUnionTypes: true}).compile(modelSchema)
const validateJsonModel = new Ajv2020({strict: true})
  .addSchema(jsonSchema)
  .getSchema(`${String(jsonSchema['$id'])}#/$defs/conversation`)
assert.ok(validateJsonModel)

/** The definition a `$ref` names, or the node itself. */
function resolved(node: SchemaNode): SchemaNode {
  const ref = node['$ref']
  return typeof ref === 'string' ? resolved(definitions[ref.replace('#/definitions/', '')] ?? {}) : node
}

/** The members of a union (`anyOf`), nested unions flattened. */
function members(node: SchemaNode): SchemaNode[] {
  const anyOf = resolved(node)['anyOf']
  return Array.isArray(anyOf) ? (anyOf as SchemaNode[]).flatMap(members) : [resolved(node)]
}

/**
 * Every closed list of values the schema holds, named as `modelLists` names them: a type that is a list (`Role`),
 * a property's own list (`NoticePart.level`), and the values a union's members give one property (`Part.type`).
 */
function schemaLists(): Record<string, string[]> {
  const lists: Record<string, string[]> = {}
  for (const [name, definition] of Object.entries(definitions)) {
    if (Array.isArray(definition['enum'])) lists[name] = definition['enum'] as string[]
    const properties = (definition['properties'] ?? {}) as Record<string, SchemaNode>
    for (const [key, property] of Object.entries(properties)) {
      if (Array.isArray(property['enum'])) lists[`${name}.${key}`] = property['enum'] as string[]
    }
    if (!Array.isArray(definition['anyOf'])) continue
    // A property that tells the members apart (some member fixes it to one value, `const`): its values are each
    // member's own value, or the list a member allows (an `enum`, or a type that is one: `TextNoticeKind`).
    const values = new Map<string, Set<string>>()
    const tells = new Set<string>()
    for (const member of members(definition)) {
      for (const [key, property] of Object.entries((member['properties'] ?? {}) as Record<string, SchemaNode>)) {
        const own = resolved(property)
        if (typeof own['const'] === 'string') tells.add(key)
        const given = typeof own['const'] === 'string' ? [own['const']] : Array.isArray(own['enum']) ? own['enum'] : []
        for (const value of given as string[]) values.set(key, (values.get(key) ?? new Set()).add(value))
      }
    }
    for (const [key, set] of values) if (tells.has(key) && set.size > 1) lists[`${name}.${key}`] = [...set]
  }
  return lists
}

const sorted = (lists: Record<string, readonly string[]>) =>
  Object.fromEntries(
    Object.entries(lists)
      .map(([name, list]) => [name, [...list].sort()] as const)
      .sort(([a], [b]) => a.localeCompare(b))
  )

test('the validator holds the same lists of values as the schema generated from the types', () => {
  assert.deepEqual(sorted(modelLists), sorted(schemaLists()))
  const tokens = resolved({$ref: '#/definitions/TokenCounts'})['properties'] as SchemaNode
  assert.deepEqual([...tokenKeys].sort(), Object.keys(tokens).sort())
})

/** Whether the validator, the model's schema and the `--json` schema's `conversation` accept a value, or why not. */
function verdicts(value: unknown): {validator: string; schema: string; json: string} {
  const why = (validate: ValidateFunction) =>
    validate(value) ? 'valid' : `invalid: ${(validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)[0]}`
  const problem = validateConversation(value)
  return {
    validator: problem === undefined ? 'valid' : `invalid: ${problem}`,
    schema: why(validateSchema),
    json: why(validateJsonModel!)
  }
}

/** Every fixture's conversations as the normalizer gives them, as JSON (what the schema describes). */
async function fixtureModels(): Promise<Array<{name: string; model: Json}>> {
  const models: Array<{name: string; model: Json}> = []
  for (const fixture of await fixtureCases()) {
    const options = await readCaseOptions(fixture)
    const result = await convert(normalizer, await fixtureInput(fixture), {
      ...(options.format ? {formatOptions: options.format} : {})
    })
    for (const [index, note] of result.notes.entries()) {
      models.push({name: `${fixture.name} #${index + 1}`, model: JSON.parse(JSON.stringify(note.conversation)) as Json})
    }
  }
  return models
}

const models = await fixtureModels()

test("every fixture's conversation is valid for the validator and both schemas", () => {
  assert.ok(models.length > 50, `${models.length} conversations`)
  for (const {name, model} of models) {
    assert.deepEqual(verdicts(model), {validator: 'valid', schema: 'valid', json: 'valid'}, name)
  }
})

type Path = Array<string | number>

/** The path of every value inside `value` (not the value itself). */
function pathsOf(value: Json, prefix: Path = [], into: Path[] = []): Path[] {
  if (value === null || typeof value !== 'object') return into
  for (const [key, item] of Object.entries(value)) {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key]
    into.push(path)
    pathsOf(item, path, into)
  }
  return into
}

/**
 * What `look` says of `model` with the value at `path` replaced, or removed when `replacement` is `undefined`: the
 * model is changed in place and restored (a copy of each would cost most of the run).
 */
function withChange<Result>(model: Json, path: Path, replacement: Json | undefined, look: (m: Json) => Result): Result {
  let holder = model as Record<string | number, Json>
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, Json>
  const last = path.at(-1)!
  const before = holder[last]!
  if (replacement !== undefined) holder[last] = replacement
  else if (Array.isArray(holder)) holder.splice(Number(last), 1)
  else delete holder[last]
  try {
    return look(model)
  } finally {
    if (Array.isArray(holder) && replacement === undefined) holder.splice(Number(last), 0, before)
    else holder[last] = before
  }
}

/** Values a field is likely to be checked against: each list's values, times, base64, entry paths, edge numbers. */
const telling: Json[] = [
  ...Object.values(modelLists).flat(),
  ...['', 'x', 'Text', '2026-03-01', '2026-03-01t10:00z', '2026-13-01', '2026-03-01T10:00:00+2:00', 'yesterday'],
  ...['aGk=', 'aGk', 'a b', 'a\nb', '==', 'a/b.png', '../a', 'a//b', 'a\\b', '.', 'a/./b', '..a'],
  ...[0, 1, -1, 1.5, 2, true, false, null, [], {}],
  {type: 'text', text: 'hi'},
  {type: 'attachment', text: 'a file', entry: 'a/b.png', data: 'aGk='},
  {type: 'branch', number: 1, turns: []},
  {role: 'user', parts: []},
  {id: 'c', relation: 'fork'}
]
const replacement = fc.oneof(
  {weight: 4, arbitrary: fc.constantFrom(...telling)},
  {weight: 1, arbitrary: fc.constant(undefined)},
  {weight: 1, arbitrary: fc.jsonValue({maxDepth: 2}) as fc.Arbitrary<Json>}
)
// Small conversations, so that each run copies little: every part type and field is in some of them.
const small = models
  .map((entry) => ({...entry, size: JSON.stringify(entry.model).length}))
  .filter(({size}) => size < 20_000)
  .sort((a, b) => a.size - b.size)

/** Each field the small conversations have (`turns.*.parts.*.name`), at its first place in the smallest one with it. */
function fieldPlaces(): Array<{name: string; model: Json; path: Path}> {
  const places = new Map<string, {name: string; model: Json; path: Path}>()
  for (const {name, model} of small) {
    for (const path of pathsOf(model)) {
      const field = path.map((key) => (typeof key === 'number' ? '*' : key)).join('.')
      if (!places.has(field)) places.set(field, {name, model, path})
    }
  }
  return [...places.values()]
}

/** Whether the three agree on a value, with what each says when they do not. */
function agreement(value: Json): string | undefined {
  const {validator, schema, json} = verdicts(value)
  const valid = validator === 'valid'
  return (schema === 'valid') === valid && (json === 'valid') === valid
    ? undefined
    : JSON.stringify({validator, schema, json})
}

test('the validator and both schemas agree on each field of the fixtures set to each telling value, or removed', () => {
  const places = fieldPlaces()
  assert.ok(places.length > 150, `${places.length} fields`)
  const disagreements: string[] = []
  for (const {name, model, path} of places) {
    for (const value of [...telling, undefined]) {
      const problem = withChange(model, path, value, agreement)
      if (problem) disagreements.push(`${name}, ${path.join('.')} = ${JSON.stringify(value)}: ${problem}`)
    }
  }
  assert.deepEqual(disagreements.slice(0, 10), [])
})

test('the validator and both schemas agree on random changes of the fixtures: one field replaced or removed', () => {
  assert.ok(small.length > 20, `${small.length} small conversations`)
  const changes = fc.tuple(fc.constantFrom(...small), fc.nat(), replacement).map(([{name, model}, index, value]) => {
    const paths = pathsOf(model)
    return {name, model, path: paths[index % paths.length]!, value}
  })
  let invalid = 0
  fc.assert(
    fc.property(changes, ({name, model, path, value}) => {
      const problem = withChange(model, path, value, (changed) => {
        if (validateConversation(changed) !== undefined) invalid++
        return agreement(changed)
      })
      assert.equal(problem, undefined, `${name}, ${path.join('.')} = ${JSON.stringify(value)}: ${problem}`)
    }),
    {numRuns: 600}
  )
  // The changes test both verdicts.
  assert.ok(invalid > 100 && invalid < 550, `${invalid} of 600 invalid`)
})

test("the schema's times are core's timeOf: its pattern is parse-time's, and both read every sample alike", () => {
  const time = new Ajv({strict: true}).compile(definitions['IsoTime']!)
  const piece = (values: string[]) => fc.constantFrom(...values)
  const times = fc
    .tuple(
      piece(['2026', '0099', '202']),
      piece(['-03', '-13', '-00', '-3', '']),
      piece(['-01', '-31', '-32', '-00', '']),
      piece(['', 'T10:00', 't23:59:59', ' 10:00:00.123456', 'T24:00', 'T10', 'T10:60', 'T10:00:60']),
      piece(['', 'Z', 'z', '+02:00', '-0230', '+02', '+2:00', '+24:00', ' Z'])
    )
    .map((pieces) => pieces.join(''))
  fc.assert(fc.property(fc.oneof(times, fc.string()), (text) => time(text) === (timeOf(text) !== undefined)))
})
