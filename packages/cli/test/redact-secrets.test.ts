import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {rules} from '@secretlint/secretlint-rule-preset-recommend'
import {afterAll, beforeAll, expect, test} from 'vitest'
import {secretAnchors} from '../src/redact/secret-anchors.js'
import {runCli} from './run-cli.js'

// Made-up secrets in each planted shape; none is secretlint's built-in example (those are allowed).
const alnum = (length: number, seed: number): string =>
  Array.from({length}, (_, i) => 'aB3dE5fG7hJ9kL1mN3pQ5rS7tV9wX1yZ'[(i * 7 + seed) % 32]).join('')
const secrets: Record<string, string> = {
  'OpenAI API key': `sk-proj-${alnum(74, 1)}T3BlbkFJ${alnum(74, 2)}`,
  'Anthropic API key': `sk-ant-api03-${alnum(93, 3)}AA`,
  'GitHub token': `ghp_${alnum(36, 4)}`,
  'AWS access key ID': 'AKIAZ7Q2XW4M5N6P3R8T',
  'AWS secret access key': `${alnum(36, 5)}/+Zq`,
  'Slack token': `xoxb-123456789012-1234567890123-${alnum(24, 6)}`,
  'database password': `postgresql://deploy:${alnum(20, 10)}!@db.internal:5432/app`,
  'private key': [
    '-----BEGIN OPENSSH PRIVATE KEY-----',
    `b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW${alnum(60, 7)}`,
    `QyNTUxOQAAACBuSw8y0X9wZ3R1X6Ll0a3Yb2${alnum(60, 8)}`,
    '-----END OPENSSH PRIVATE KEY-----'
  ].join('\n')
}
const fineGrained = `github_pat_${alnum(82, 9)}`
// The prefilter keys database URIs on their `://`, in any case; a `!` keeps the basic-auth anchor off them.
const mongo = `MongoDB+SRV://app:${alnum(18, 11)}%21@cluster0.example.net/prod`
// The AWS secret is found by its label, as in a credentials file.
const planted = (kind: string): string =>
  kind === 'AWS secret access key' ? `aws_secret_access_key = ${secrets[kind]}` : (secrets[kind] as string)
const all = `${Object.keys(secrets).map(planted).join('\n')}\n${fineGrained}\n${mongo}`

const base = {sessionId: 's-1', cwd: '/home/dev', version: '2.0.76', isSidechain: false, userType: 'external'}
const line = (fields: Record<string, unknown>): string => JSON.stringify({...base, ...fields})
const session = [
  JSON.stringify({type: 'custom-title', customTitle: `deploy with ${secrets['GitHub token']}`, sessionId: 's-1'}),
  line({
    type: 'user',
    uuid: 'u1',
    parentUuid: null,
    timestamp: '2026-03-02T09:00:00.000Z',
    message: {role: 'user', content: `My keys:\n${all}`}
  }),
  line({
    type: 'assistant',
    uuid: 'a1',
    parentUuid: 'u1',
    timestamp: '2026-03-02T09:00:01.000Z',
    message: {
      id: 'm1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{type: 'tool_use', id: 't1', name: 'Bash', input: {command: `export KEYS='${all}'`, env: {all}}}]
    }
  }),
  line({
    type: 'user',
    uuid: 'u2',
    parentUuid: 'a1',
    timestamp: '2026-03-02T09:00:02.000Z',
    message: {role: 'user', content: [{type: 'tool_result', tool_use_id: 't1', content: `cat ~/.env\n${all}`}]}
  })
].join('\n')

let dir: string
let file: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chatmark-redact-'))
  file = join(dir, 'session.jsonl')
  await writeFile(file, `${session}\n`)
})
afterAll(() => rm(dir, {recursive: true, force: true}))

const everySecret = [...Object.values(secrets), fineGrained, mongo]
// In the message, the tool input (its string and a JSON value of it), the tool result: 4 of each; and the title.
const expected = 4 * everySecret.length + 1

test.each(['markdown', 'html', 'json'])('%s: every secret is a marker naming its kind, and counted', async (to) => {
  const {code, stdout, stderr} = await runCli(['--to', to, file])
  expect(stderr).toBe('')
  expect(code).toBe(0)
  // HTML escapes nothing in these secrets, JSON escapes the private key's newlines.
  const shown = to === 'json' ? JSON.stringify(JSON.parse(stdout)) : stdout
  for (const secret of everySecret) {
    for (const piece of secret.split('\n').filter((text) => text.length > 30)) expect(shown).not.toContain(piece)
  }
  for (const kind of Object.keys(secrets)) expect(stdout).toContain(`[redacted: ${kind}]`)
  expect(stdout).toContain('deploy with [redacted: GitHub token]')
  if (to === 'markdown') expect(stdout).toContain(`redacted-secret: ${expected}`)
  if (to === 'json') {
    const [conversation] = JSON.parse(stdout).conversations
    expect(conversation.fidelity['redacted-secret']).toBe(expected)
    expect(conversation.title).toBe('deploy with [redacted: GitHub token]')
  }
})

test('--no-redact keeps the secrets as they were', async () => {
  const {code, stdout} = await runCli(['--no-redact', '--to', 'json', file])
  expect(code).toBe(0)
  const [conversation] = JSON.parse(stdout).conversations
  const shown = JSON.stringify(conversation)
  for (const secret of everySecret) expect(shown).toContain(JSON.stringify(secret).slice(1, -1))
  expect(shown).not.toContain('[redacted')
  expect(conversation.fidelity['redacted-secret']).toBeUndefined()
})

test('-o writes the redacted note', async () => {
  const out = join(dir, 'notes')
  const {code, stdout} = await runCli(['-o', out, file])
  expect(code).toBe(0)
  const note = await readFile(stdout.trim(), 'utf8')
  for (const secret of everySecret) expect(note).not.toContain(secret.split('\n')[0]?.slice(0, 40))
  expect(note).toContain('[redacted: private key]')
})

test('every rule of the preset has its anchors, so that the prefilter never hides a secret from it', () => {
  // The anchors may name rules of later presets too; every rule of the installed one must have its entry.
  const missing = rules.map((rule) => rule.meta.id).filter((id) => !(id in secretAnchors))
  expect(missing).toEqual([])
  expect(rules.length).toBeGreaterThanOrEqual(10)
})

test("an attachment's bytes are never scanned or changed; a tool input shaped like one still is", async () => {
  const {redactSecrets} = await import('../src/redact/redact-secrets.js')
  // A GitHub token is valid URL-safe base64: replacing it would corrupt the file.
  const data = `${secrets['GitHub token']}AAAA`
  const value = {
    id: 'c-1',
    source: {format: 'test'},
    participants: [],
    metadata: {},
    fidelity: {},
    turns: [
      {
        role: 'user' as const,
        parts: [
          {type: 'attachment' as const, text: 'image/png', data},
          {
            type: 'tool-call' as const,
            text: 'Upload',
            name: 'Upload',
            input: {type: 'attachment', data: secrets['GitHub token']},
            result: {text: '', attachments: [{type: 'attachment' as const, text: 'image/png', data}]}
          }
        ]
      }
    ]
  }
  await redactSecrets(value)
  const [attachment, call] = value.turns[0]!.parts
  expect(attachment).toMatchObject({data})
  expect(call).toMatchObject({input: {data: '[redacted: GitHub token]'}, result: {attachments: [{data}]}})
  expect(value.fidelity).toEqual({'redacted-secret': 1})
})
