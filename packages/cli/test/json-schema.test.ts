import assert from 'node:assert/strict'
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {Ajv2020} from 'ajv/dist/2020.js'
import type {ErrorObject, ValidateFunction} from 'ajv/dist/2020.js'
import {test} from 'vitest'
import {timeOf, validateConversation} from 'chatmark'
import {jsonSchemaVersion} from '../src/convert/report.js'
import {corpusFiles} from '../../../test/util/corpus.js'
import {fixtureCases, fixturesRoot, readCaseOptions} from '../../../test/util/fixtures.js'
import {repoRoot, runCli} from './run-cli.js'

// The `--json` output is a public interface, described by a JSON Schema that
// ships with the package. Every fixture and corpus file's output must match it,
// and its `conversation` definition must accept what core's
// `validateConversation` accepts and reject what it rejects.

const schemaPath = fileURLToPath(new URL('../schema/chatmark-json.schema.json', import.meta.url))
const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as {
  $id: string
  title: string
  properties: {schemaVersion: {const: number}}
  $defs: Record<string, {description?: string}>
}

// Strict mode: unknown keywords, formats, union types or ill-typed keywords are compile errors.
const ajv = new Ajv2020({strict: true, allErrors: true})
const validateLine = ajv.compile(schema)
const validateModel = ajv.getSchema(`${schema.$id}#/$defs/conversation`)
const validateTime = ajv.getSchema(`${schema.$id}#/$defs/time`)
assert.ok(validateModel && validateTime)

/** The schema's problems with a value, one per line (`/conversations/0/turns/3/role must be equal to one of ...`). */
function problems(validate: ValidateFunction, value: unknown): string {
  if (validate(value)) return ''
  return (validate.errors ?? [])
    .slice(0, 8)
    .map((error: ErrorObject) => `${error.instancePath || '/'} ${error.message ?? ''}`)
    .join('\n')
}

/** Every line of `--json` output, each checked against the schema and against the exit status. */
async function jsonLines(argv: string[]): Promise<Array<Record<string, unknown>>> {
  const {code, stdout, stderr} = await runCli(['--json', ...argv])
  const lines = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
  for (const line of lines) {
    assert.equal(problems(validateLine, line), '', `${line['file']} does not match the schema`)
    assert.equal(Object.keys(line)[0], 'schemaVersion')
    validatedLines++
  }
  const fatal = lines.some((line) => (line['messages'] as Array<{fatal: boolean}>).some((message) => message.fatal))
  assert.equal(code, fatal ? 1 : 0, stderr)
  return lines
}

let validatedLines = 0

/** A case's format options (`{"branches": "all", "keepMeta": true}`) as the CLI's flags. */
function formatFlags(options: Record<string, unknown>): string[] {
  return Object.entries(options).flatMap(([key, value]) => {
    const flag = `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`
    if (value === true) return [flag]
    assert.equal(typeof value, 'string', `format option ${key}: a string or true`)
    return [flag, String(value)]
  })
}

test('the schema compiles in strict mode, is versioned as --json is, and describes every definition', () => {
  assert.equal(schema.properties.schemaVersion.const, jsonSchemaVersion)
  assert.ok(schema.$id && schema.title)
  for (const [name, definition] of Object.entries(schema.$defs)) assert.ok(definition.description, name)
})

const cases = await fixtureCases()
for (const fixture of cases) {
  test(`${fixture.name}: the --json line matches the schema`, async () => {
    const options = await readCaseOptions(fixture)
    const lines = await jsonLines([...formatFlags(options.format ?? {}), fixture.input])
    assert.equal(lines.length, 1)
    assert.ok((at(lines, '0')['conversations'] as unknown[]).length > 0, 'at least one conversation')
  })
}

const corpus = corpusFiles()
for (const file of corpus) {
  test(`corpus/${file.name}: the --json line matches the schema`, async () => {
    assert.equal((await jsonLines([file.path])).length, 1)
  })
}

test('a line that the CLI could not read, and several inputs in one run, match the schema', async () => {
  const lines = await jsonLines([
    'examples/custom-format/sample.irclog',
    'fixtures/corpus/gemini-cli/real-0.61.0__headless-yolo-shell.jsonl'
  ])
  assert.equal(lines.length, 2)
  assert.deepEqual(lines[0]?.['conversations'], [])
})

test('every --json line was validated', () => {
  assert.ok(validatedLines >= cases.length + corpus.length, `${validatedLines} lines`)
})

/**
 * Stored conversation models: the reader goldens (`packages/format-<name>/fixtures/<case>/conversation*.json`)
 * and the writer models (`fixtures/writers/<case>/conversation.json`).
 */
async function storedModels(): Promise<string[]> {
  const writers = join(fixturesRoot, 'writers')
  const dirs = [
    ...(await fixtureCases()).map((fixture) => fixture.dir),
    ...readdirSync(writers, {withFileTypes: true})
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(writers, entry.name))
  ]
  const paths: string[] = []
  for (const dir of dirs) {
    for (const name of readdirSync(dir).sort()) {
      if (/^conversation.*\.json$/.test(name)) paths.push(join(dir, name))
    }
  }
  return paths.sort()
}

test('every stored conversation model matches the schema, as it passes validateConversation', async () => {
  const paths = await storedModels()
  assert.ok(
    paths.some((path) => path.includes(`${join('fixtures', 'writers')}`)),
    'the writer models'
  )
  assert.ok(paths.length > 10, `${paths.length} models`)
  for (const path of paths) {
    const model = JSON.parse(readFileSync(path, 'utf8')) as unknown
    assert.equal(validateConversation(model), undefined, path)
    assert.equal(problems(validateModel, model), '', path.slice(repoRoot.length))
  }
})

/** A model with every part type, a subagent and the optional fields, to break one field at a time. */
function sample(): Record<string, unknown> {
  return {
    id: 'c1',
    title: 'A title',
    source: {format: 'gemini', variant: 'gemini-jsonl', path: 'a.jsonl'},
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01',
    participants: [{id: 'u', name: 'You', kind: 'human'}],
    metadata: {
      models: ['m'],
      project: 'p',
      gitBranch: 'main',
      parent: {id: 'c0', relation: 'fork'},
      tokens: {input: 1},
      extra: {a: 'b', n: 1, t: true}
    },
    turns: [
      {
        id: 't1',
        role: 'assistant',
        author: 'u',
        timestamp: '2026-03-01 10:00',
        model: 'm',
        tokens: {output: 2, total: 3},
        parts: [
          {type: 'text', text: 'hi'},
          {type: 'thinking', text: 'hmm', subject: 'S'},
          {
            type: 'tool-call',
            text: 'ls',
            id: 'x',
            name: 'shell',
            displayName: 'Shell',
            input: {command: 'ls'},
            status: 'success',
            result: {text: 'a', isError: false, language: 'text', fileName: 'a.ts'},
            subagent: [{role: 'user', parts: [{type: 'text', text: 'go'}]}]
          },
          {type: 'attachment', text: 'image/png', name: 'a.png', mimeType: 'image/png', size: 12, reference: 'a.png'},
          {type: 'notice', level: 'warning', text: 'careful', kind: 'meta', details: 'more'},
          {type: 'code', text: 'x = 1', language: 'python', artifact: {title: 'T', kind: 'text/x', action: 'created'}},
          {type: 'quote', text: 'Said.', title: 'A page', url: 'https://example.com'},
          {type: 'code', text: '3', language: 'text', execution: {outcome: 'OUTCOME_OK'}},
          {type: 'notice', level: 'info', kind: 'compaction', trigger: 'auto', tokensBefore: 9, summary: 'S'}
        ],
        reply: {parent: 'present', starter: 'Ada', broadcast: true},
        reactions: [{name: '+1', count: 2}],
        edited: {timestamp: '2026-03-01T10:05:00Z'}
      },
      {
        role: 'system',
        parts: [
          {
            type: 'branch',
            number: 1,
            origin: 'edited-prompt',
            turns: [{role: 'user', parts: [{type: 'text', text: 'again'}]}]
          }
        ]
      }
    ],
    fidelity: {'injected-context': 1}
  }
}

/** The object at a dotted path (`turns.0.parts.2`) of a value, to change it in place. */
function at(value: unknown, path: string): Record<string, unknown> {
  let here = value
  for (const key of path.split('.')) here = (here as Record<string, unknown>)[key]
  assert.ok(here !== null && typeof here === 'object', path)
  return here as Record<string, unknown>
}

/** One change to the sample, and whether the model still holds afterwards. */
const changes: Array<[string, boolean, (model: Record<string, unknown>) => void]> = [
  ['nothing', true, () => {}],
  [
    'an unknown field anywhere',
    true,
    (m) => {
      m['x'] = 1
      at(m, 'turns.0')['y'] = [1]
      at(m, 'turns.0.parts.2.result')['z'] = null
    }
  ],
  [
    'no optional field',
    true,
    (m) =>
      Object.assign(m, {
        title: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        source: {format: 'gemini'},
        participants: [],
        metadata: {},
        turns: [{role: 'other', parts: []}],
        fidelity: {}
      })
  ],
  ['a tool call without input', true, (m) => delete at(m, 'turns.0.parts.2')['input']],
  ['a bad role', false, (m) => (at(m, 'turns.0')['role'] = 'robot')],
  ['a missing source', false, (m) => delete m['source']],
  ['an empty source format', false, (m) => (at(m, 'source')['format'] = '')],
  ['an empty id', false, (m) => (m['id'] = '')],
  ['a null title', false, (m) => (m['title'] = null)],
  ['a bad part type', false, (m) => (at(m, 'turns.0.parts.0')['type'] = 'image')],
  ['a part without text', false, (m) => delete at(m, 'turns.0.parts.1')['text']],
  ['a bad notice level', false, (m) => (at(m, 'turns.0.parts.4')['level'] = 'debug')],
  ['an unknown notice kind', false, (m) => (at(m, 'turns.0.parts.4')['kind'] = 'weird')],
  ['a compaction with a string token count', false, (m) => (at(m, 'turns.0.parts.8')['tokensBefore'] = '9')],
  ['a compaction with an unknown trigger', false, (m) => (at(m, 'turns.0.parts.8')['trigger'] = 'cron')],
  [
    'a command notice without a name',
    false,
    (m) => (at(m, 'turns.0')['parts'] = [{type: 'notice', level: 'info', kind: 'command'}])
  ],
  [
    'an event notice without a text',
    true,
    (m) => (at(m, 'turns.0')['parts'] = [{type: 'notice', level: 'info', kind: 'shell-command'}])
  ],
  ['a bad participant kind', false, (m) => (at(m, 'participants.0')['kind'] = 'alien')],
  ['a tool call without a name', false, (m) => (at(m, 'turns.0.parts.2')['name'] = '')],
  ['a result without text', false, (m) => (at(m, 'turns.0.parts.2')['result'] = {isError: true})],
  ['a bad subagent role', false, (m) => (at(m, 'turns.0.parts.2.subagent.0')['role'] = 'robot')],
  ['a string size', false, (m) => (at(m, 'turns.0.parts.3')['size'] = '12')],
  ['a code part without artifact or language', true, (m) => (at(m, 'turns.0')['parts'] = [{type: 'code', text: ''}])],
  ['a numeric code language', false, (m) => (at(m, 'turns.0.parts.5')['language'] = 1)],
  ['an artifact without an action', false, (m) => delete at(m, 'turns.0.parts.5.artifact')['action']],
  ['an artifact without a title', false, (m) => delete at(m, 'turns.0.parts.5.artifact')['title']],
  ['a quote without title or url', true, (m) => (at(m, 'turns.0')['parts'] = [{type: 'quote', text: ''}])],
  ['a numeric quote url', false, (m) => (at(m, 'turns.0.parts.6')['url'] = 1)],
  ['a numeric artifact kind', false, (m) => (at(m, 'turns.0.parts.5.artifact')['kind'] = 1)],
  ['an unknown notice kind', false, (m) => (at(m, 'turns.0.parts.4')['kind'] = 'resume')],
  ['a notice without a kind', true, (m) => delete at(m, 'turns.0.parts.4')['kind']],
  ['an execution without an outcome', true, (m) => (at(m, 'turns.0.parts.7')['execution'] = {})],
  ['a numeric outcome', false, (m) => (at(m, 'turns.0.parts.7.execution')['outcome'] = 1)],
  ['a reply to nothing known', false, (m) => (at(m, 'turns.0.reply')['parent'] = 'elsewhere')],
  ['a reply without a starter', true, (m) => delete at(m, 'turns.0.reply')['starter']],
  ['a string broadcast', false, (m) => (at(m, 'turns.0.reply')['broadcast'] = 'yes')],
  ['a reaction without a name', false, (m) => (at(m, 'turns.0.reactions.0')['name'] = '')],
  ['a string reaction count', false, (m) => (at(m, 'turns.0.reactions.0')['count'] = '2')],
  ['an edit without a time', true, (m) => (at(m, 'turns.0')['edited'] = {})],
  ['an edit at no time', false, (m) => (at(m, 'turns.0.edited')['timestamp'] = 'later')],
  ['edited as a flag', false, (m) => (at(m, 'turns.0')['edited'] = true)],
  ['a branch numbered 0', false, (m) => (at(m, 'turns.1.parts.0')['number'] = 0)],
  ['a branch of unknown origin', false, (m) => (at(m, 'turns.1.parts.0')['origin'] = 'magic')],
  ['a branch without an origin', true, (m) => delete at(m, 'turns.1.parts.0')['origin']],
  ['a branch without turns', false, (m) => delete at(m, 'turns.1.parts.0')['turns']],
  ['a bad role inside a branch', false, (m) => (at(m, 'turns.1.parts.0.turns.0')['role'] = 'robot')],
  ['a bad time', false, (m) => (m['createdAt'] = 'yesterday')],
  ['a bad turn time', false, (m) => (at(m, 'turns.0')['timestamp'] = '2026-13-01')],
  ['an object in extra', false, (m) => (at(m, 'metadata.extra')['o'] = {})],
  ['a parent of an unknown relation', false, (m) => (at(m, 'metadata.parent')['relation'] = 'copy')],
  ['a parent with an empty id', false, (m) => (at(m, 'metadata.parent')['id'] = '')],
  ['a parent without a relation', false, (m) => delete at(m, 'metadata.parent')['relation']],
  ['a parent as a bare id', false, (m) => (at(m, 'metadata')['parent'] = 'c0')],
  ['a string token count', false, (m) => (at(m, 'metadata.tokens')['input'] = '1')],
  ['a string fidelity count', false, (m) => (at(m, 'fidelity')['x'] = 'many')],
  ['no fidelity', false, (m) => delete m['fidelity']],
  ['turns not an array', false, (m) => (m['turns'] = {})]
]

test('the schema and validateConversation agree on every field: a bad role or a missing source fails both', () => {
  for (const [name, valid, change] of changes) {
    const model = sample()
    change(model)
    const plain = JSON.parse(JSON.stringify(model)) as unknown
    assert.equal(validateConversation(plain) === undefined, valid, `validateConversation, ${name}`)
    assert.equal(validateModel(plain), valid, `schema, ${name}: ${problems(validateModel, plain)}`)
  }
})

test('a --json line with a bad role or a missing source fails the schema', async () => {
  const [line] = await jsonLines(['packages/format-gemini/fixtures/legacy-json/input.json'])
  assert.equal(validateLine(line), true)
  assert.equal(validateLine({...line, schemaVersion: 2}), false, 'an older version')
  const turn = at(line, 'conversations.0.turns.0')
  const role = turn['role']
  turn['role'] = 'robot'
  assert.match(problems(validateLine, line), /\/conversations\/0\/turns\/0\/role must be equal to one of the allowed/)
  turn['role'] = role
  assert.equal(problems(validateLine, line), '')
  delete at(line, 'conversations.0')['source']
  assert.match(problems(validateLine, line), /\/conversations\/0 must have required property 'source'/)
})

test('the schema reads times as the model does (core timeOf)', () => {
  for (const text of [
    '2026-03-01',
    '2026-03-01T10:00',
    '2026-03-01t10:00:00z',
    '2026-03-01 10:00:00.123456Z',
    '2026-03-01T10:00:00+02:00',
    '2026-03-01T10:00:00-0230',
    '2026-03-01T10:00:00+02',
    '2026-02-30T10:00:00Z',
    '2026-03-01T24:00:00Z',
    '2026-03-01T10:00:60Z',
    '2026-03-01T10Z',
    '2026-3-1',
    '2026-03-01T10:00:00 Z',
    '2026-03-01T10:00:00+2:00',
    '20260301',
    'yesterday',
    ' 2026-03-01'
  ]) {
    assert.equal(validateTime(text), timeOf(text) !== undefined, text)
  }
})
