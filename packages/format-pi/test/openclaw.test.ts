import assert from 'node:assert/strict'
import {test} from 'vitest'
import {sampleFromBytes} from '@chatmark/core'
import {pi} from '@chatmark/format-pi'
import {loadSqlite} from '@chatmark/sqlite'
import {answer, header, readBytes, user} from './helpers.js'

/** OpenClaw 2026.9's two transcript tables, trimmed to the columns the reader uses (`schema.sql` of the producer). */
const schema = `
CREATE TABLE session_windows (
  session_id TEXT NOT NULL PRIMARY KEY, session_key TEXT NOT NULL, previous_session_id TEXT, reason TEXT,
  session_scope TEXT NOT NULL DEFAULT 'conversation', created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
  channel TEXT, display_name TEXT
) STRICT;
CREATE TABLE transcript_events (
  session_id TEXT NOT NULL, seq INTEGER NOT NULL, event_json TEXT, created_at INTEGER NOT NULL, event_zstd BLOB,
  PRIMARY KEY (session_id, seq)
) STRICT;`

interface Window {
  id: string
  key: string
  previous?: string
  reason?: string
  created: number
  events: Array<unknown | Uint8Array>
}

async function database(windows: readonly Window[]): Promise<Uint8Array> {
  const SQL = await loadSqlite()
  const db = new SQL.Database()
  db.run(schema)
  for (const window of windows) {
    db.run('INSERT INTO session_windows VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
      window.id,
      window.key,
      window.previous ?? null,
      window.reason ?? null,
      'conversation',
      window.created,
      window.created,
      null,
      null
    ])
    // Inserted in reverse, so that only `ORDER BY seq` gives the order back.
    for (const [seq, event] of [...window.events.entries()].reverse()) {
      const compressed = event instanceof Uint8Array
      db.run('INSERT INTO transcript_events VALUES (?, ?, ?, ?, ?)', [
        window.id,
        seq,
        compressed ? null : typeof event === 'string' ? event : JSON.stringify(event),
        window.created + seq,
        compressed ? event : null
      ])
    }
  }
  const bytes = db.export()
  db.close()
  return bytes
}

const session = (id: string, prompt: string): unknown[] => [
  header({id, version: 4}),
  user(`${id}-u`, null, prompt, 1),
  answer(`${id}-a`, `${id}-u`, [{type: 'text', text: `re: ${prompt}`}], {}, 2)
]

test('each session window is a note; a rollover names the window before as the session it resumes', async () => {
  const bytes = await database([
    {id: 'w1', key: 'agent:main:main', created: 1, events: session('w1', 'first')},
    {id: 'w2', key: 'agent:main:main', previous: 'w1', reason: 'rollover', created: 2, events: session('w2', 'next')},
    {id: 'w3', key: 'agent:main:main', previous: 'w2', reason: 'reset', created: 3, events: session('w3', 'anew')},
    {id: 'w4', key: 'agent:main:other', created: 4, events: []}
  ])
  const {conversations, file} = await readBytes(bytes, 'openclaw-agent.sqlite')
  assert.deepEqual(file.messages.map(String), [])
  assert.deepEqual(
    conversations.map((value) => [value.id, value.source.variant, value.metadata.parent, value.metadata.extra]),
    [
      ['w1', 'openclaw', undefined, {sessionKey: 'agent:main:main', fileVersion: 4, cost: 0.0125}],
      [
        'w2',
        'openclaw',
        {id: 'w1', relation: 'resume'},
        {
          sessionKey: 'agent:main:main',
          windowReason: 'rollover',
          previousSession: 'w1',
          fileVersion: 4,
          cost: 0.0125
        }
      ],
      [
        'w3',
        'openclaw',
        undefined,
        {
          sessionKey: 'agent:main:main',
          windowReason: 'reset',
          previousSession: 'w2',
          fileVersion: 4,
          cost: 0.0125
        }
      ]
    ]
  )
  assert.equal(conversations[1]?.turns[0]?.parts[0]?.type, 'text')
})

test('a compressed or broken event is reported and counted; the window keeps the rest', async () => {
  const events = [...session('w1', 'first'), new Uint8Array([0x28, 0xb5, 0x2f, 0xfd]), '{"type": "mess']
  const {conversations, file} = await readBytes(await database([{id: 'w1', key: 'k', created: 1, events}]), 'a.sqlite')
  assert.equal(conversations.length, 1)
  assert.deepEqual(conversations[0]?.fidelity, {'compressed-event': 1, 'malformed-line': 1})
  const messages = file.messages.map(String).join('\n')
  assert.match(messages, /Session w1, event seq 4: event_json is not JSON/)
  assert.match(messages, /Session w1: 1 event\(s\) stored zstd-compressed/)
})

test('the database is detected by its tables, or by its name when they lie beyond the sample', async () => {
  const bytes = await database([])
  const plugin = pi()
  const verdict = plugin.detect(sampleFromBytes(bytes, {name: 'copy.sqlite', complete: true}))
  assert.equal(verdict.confidence, 'certain')
  assert.equal(verdict.variant, 'openclaw')
  const SQL = await loadSqlite()
  const other = new SQL.Database()
  other.run('CREATE TABLE notes (id INTEGER)')
  const otherBytes = other.export()
  assert.equal(plugin.detect(sampleFromBytes(otherBytes, {name: 'notes.sqlite', complete: true})).confidence, 'none')
  const named = plugin.detect(
    sampleFromBytes(otherBytes.slice(0, 100), {name: 'openclaw-agent.sqlite', complete: false})
  )
  assert.equal(named.confidence, 'certain')
  const {conversations, file} = await readBytes(otherBytes, 'openclaw-agent.sqlite')
  assert.equal(conversations.length, 0)
  assert.match(file.messages.map(String).join('\n'), /found no session_windows, transcript_events table/)
})
