import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation} from '@chatmark/core'
import {toNote} from '@chatmark/core'
import {fromMarkdown} from 'mdast-util-from-markdown'
import {parse} from 'yaml'

const session: Conversation = {
  id: 'session-1',
  title: 'Fix: the *parser* (again)',
  source: {format: 'gemini', variant: 'gemini-jsonl'},
  createdAt: '2026-03-30T10:28:00.000Z',
  updatedAt: '2026-03-30T10:31:00.000Z',
  participants: [
    {id: 'user', name: 'User', kind: 'human'},
    {id: 'gemini', name: 'Gemini', kind: 'model'}
  ],
  metadata: {models: ['gemini-2.5-pro'], project: 'abc123', tokens: {input: 10, output: 5, total: 15}},
  fidelity: {'injected-context': 1},
  turns: [
    {
      id: 'u1',
      role: 'user',
      author: 'user',
      timestamp: '2026-03-30T10:28:00.000Z',
      parts: [{type: 'text', text: 'Why does `a` fail?'}]
    },
    {
      id: 'g1',
      role: 'assistant',
      author: 'gemini',
      timestamp: '2026-03-30T10:29:10.000Z',
      model: 'gemini-2.5-pro',
      tokens: {input: 10, output: 5, thoughts: 0, total: 15},
      parts: [
        {type: 'thinking', subject: 'Reading the code', text: 'The error is in the tokenizer.'},
        {
          type: 'tool-call',
          text: 'Reads a file',
          id: 'c1',
          name: 'read_file',
          displayName: 'ReadFile',
          status: 'success',
          input: {path: 'src/a.ts'},
          result: {text: 'const fence = "````"\n```\nnot closed'}
        },
        {type: 'text', text: 'Because of this.'}
      ]
    },
    {role: 'system', parts: [{type: 'notice', level: 'warning', text: 'Quota is running low.'}]}
  ]
}

test('a note has YAML frontmatter, a title heading and a section per turn', () => {
  const markdown = toNote(session)
  assert.ok(markdown.startsWith('---\n'))
  const end = markdown.indexOf('\n---\n', 4)
  const data = parse(markdown.slice(4, end)) as Record<string, unknown>
  assert.deepEqual(data, {
    title: 'Fix: the *parser* (again)',
    source: {format: 'gemini', variant: 'gemini-jsonl'},
    id: 'session-1',
    created: '2026-03-30T10:28:00.000Z',
    updated: '2026-03-30T10:31:00.000Z',
    models: ['gemini-2.5-pro'],
    project: 'abc123',
    participants: ['User', 'Gemini'],
    tokens: {input: 10, output: 5, total: 15},
    turns: 3,
    fidelity: {'injected-context': 1}
  })
  assert.match(markdown, /^# Fix: the \\\*parser\\\* \(again\)$/m)
  // The first heading with a time names its zone; the others do not repeat it.
  assert.match(markdown, /^## User · 2026-03-30 10:28 UTC$/m)
  assert.match(markdown, /^## Gemini · 2026-03-30 10:29 · gemini-2\.5-pro$/m)
  assert.match(markdown, /^_15 tokens \(10 input, 5 output\)_$/m)
})

test('times follow the time zone option', () => {
  const note = toNote(session, {timeZone: 'Asia/Tokyo'})
  assert.match(note, /^## User · 2026-03-30 19:28 Asia\/Tokyo$/m)
  assert.match(note, /^## Gemini · 2026-03-30 19:29 · gemini-2\.5-pro$/m)
})

test('thinking is collapsed in details, and left out with thinking: false', () => {
  const markdown = toNote(session)
  assert.ok(
    markdown.includes(
      '<details>\n<summary>Thinking</summary>\n\n**Reading the code**\n\nThe error is in the tokenizer.\n\n</details>'
    ),
    markdown
  )
  assert.doesNotMatch(toNote(session, {thinking: false}), /tokenizer/)
})

test('a fold whose message text could close <details> early is a block quote under a bold title', () => {
  const made = structuredClone(session)
  made.turns[1]!.parts = [
    {type: 'thinking', text: 'Plan:\n\n</details>\n\n# Escaped?\n\nstill thinking'},
    {type: 'text', text: 'Done.'}
  ]
  const markdown = toNote(made)
  assert.ok(
    markdown.includes('> **Thinking**\n>\n> Plan:\n>\n> </details>\n>\n> ### Escaped?\n>\n> still thinking\n\nDone.'),
    markdown
  )
  assert.ok(!markdown.includes('<summary>'))
  const tree = fromMarkdown(markdown.slice(markdown.indexOf('> **Thinking**')))
  // Everything the thinking said stays inside the quote, and the answer comes right after it.
  const [quote, answer] = tree.children
  assert.equal(quote?.type, 'blockquote')
  assert.ok(JSON.stringify(quote).includes('still thinking'))
  assert.equal(answer?.type === 'paragraph' && answer.children[0]?.type === 'text' && answer.children[0].value, 'Done.')
})

test('the obsidian profile folds thinking in a callout', () => {
  assert.match(
    toNote(session, {profile: 'obsidian'}),
    /> \[!quote\]- Thinking\n>\n> \*\*Reading the code\*\*\n>\n> The error is in the tokenizer\./
  )
})

test('notices are alerts, left out with notices: false', () => {
  assert.match(toNote(session), /> \[!WARNING\]\n> Quota is running low\./)
  assert.doesNotMatch(toNote(session, {notices: false}), /Quota/)
})

test('tool calls show name, status, input and a result fenced longer than any backtick run in it', () => {
  const markdown = toNote(session)
  assert.match(markdown, /\*\*Tool call\*\* `read_file` \(ReadFile, success\): _Reads a file_/)
  assert.match(markdown, /```json\n\{\n {2}"path": "src\/a\.ts"\n\}\n```/)
  assert.match(markdown, /\*\*Result\*\*\n\n`````text\nconst fence = "````"\n```\nnot closed\n`````/)
})

test('a code part is a code block in its language, fenced longer than any backtick run in it', () => {
  const coded = structuredClone(session)
  coded.turns[1]!.parts = [
    {type: 'code', text: 'Run:\n```sh\nnpm test\n```\n', language: 'markdown'},
    {type: 'code', text: 'x = 1'}
  ]
  const markdown = toNote(coded)
  assert.match(markdown, /\n\n````markdown\nRun:\n```sh\nnpm test\n```\n````\n\n```\nx = 1\n```\n/)
  assert.equal(toNote(coded, {parseMessages: true}), markdown)
})

test('an artifact is a line with its title, kind and action, escaped, then its code; else the line alone', () => {
  const made = structuredClone(session)
  made.turns[1]!.parts = [
    {
      type: 'code',
      text: 'a = 1',
      language: 'python',
      artifact: {title: 'A *bold*  [plan]', kind: 'text/`x`', action: 'created'}
    },
    {type: 'code', text: '', artifact: {title: 'Notes', action: 'dropped_it'}}
  ]
  const markdown = toNote(made)
  assert.ok(
    markdown.includes('\n**Artifact** _A \\*bold\\* \\[plan]_ (`` text/`x` ``, created)\n\n```python\na = 1\n```\n')
  )
  assert.ok(markdown.includes('\n**Artifact** _Notes_ (dropped_it)\n\n_15 tokens'))
})

test('a quote is a block quote ending with its source: a link, the title, or a web page', () => {
  const quoted = structuredClone(session)
  quoted.turns[1]!.parts = [
    {type: 'quote', text: 'Line one\n\n# Heading', title: 'A [page]', url: 'https://example.com/a (b)'},
    {type: 'quote', text: '', url: 'https://www.example.org/x'},
    {type: 'quote', text: 'Said.', title: 'Plain title'},
    {type: 'quote', text: 'Said.'}
  ]
  const markdown = toNote(quoted)
  assert.ok(
    markdown.includes('\n> Line one\n>\n> ### Heading\n>\n> — [A \\[page\\]](https://example.com/a%20%28b%29)\n')
  )
  assert.ok(markdown.includes('\n> — [example.org](https://www.example.org/x)\n'))
  assert.ok(markdown.includes('\n> Said.\n>\n> — Plain title\n'))
  assert.ok(markdown.includes('\n> Said.\n>\n> — a web page\n'))
  assert.ok(
    toNote({...quoted, turns: [{role: 'user', parts: [{type: 'quote', text: '', url: 'not a url'}]}]}).includes(
      '> — [not a url](not%20a%20url)'
    )
  )
})

test('long results keep head and tail and say how much was cut', () => {
  const long = structuredClone(session)
  const call = long.turns[1]?.parts[1]
  assert.ok(call?.type === 'tool-call' && call.result)
  call.result.text = Array.from({length: 2000}, (_, index) => `row ${index}`).join('\n')
  const markdown = toNote(long, {maxResultChars: 100})
  assert.match(markdown, /row 0\n/)
  assert.match(markdown, /row 1999\n```/)
  assert.match(markdown, /\n\[… [\d,]+ characters cut …\]\n/)
  assert.doesNotMatch(markdown, /row 1000\n/)
})

test('message text is verbatim by default and parsed with parseMessages', () => {
  const styled = structuredClone(session)
  styled.turns[0] = {role: 'user', parts: [{type: 'text', text: '* item\n\n# Big'}]}
  assert.match(toNote(styled), /^\* item\n\n### Big$/m)
  assert.match(toNote(styled, {parseMessages: true}), /^- item\n\n### Big$/m)
})

test('the note re-parses with exactly one turn heading per turn', () => {
  const tree = fromMarkdown(toNote(session))
  const depths = tree.children.flatMap((node) => (node.type === 'heading' ? [node.depth] : []))
  assert.deepEqual(depths, [1, 2, 2])
})

test('a subagent started by a tool call is folded under it, without turn headings of its own', () => {
  const nested = structuredClone(session)
  const call = nested.turns[1]?.parts[1]
  assert.ok(call?.type === 'tool-call')
  call.subagent = [
    {role: 'user', parts: [{type: 'text', text: 'Find the tokenizer.'}]},
    {
      role: 'assistant',
      author: 'gemini',
      timestamp: '2026-03-30T10:29:30.000Z',
      parts: [{type: 'text', text: '## Found\n\nIn `src/tok.ts`.'}]
    }
  ]
  const markdown = toNote(nested)
  assert.ok(
    markdown.includes(
      [
        '<details>\n<summary>Subagent (2 turns)</summary>\n\n**User**\n\nFind the tokenizer.\n\n',
        '**Gemini** · 2026-03-30 10:29\n\n#### Found\n\nIn `src/tok.ts`.\n\n</details>'
      ].join('')
    ),
    markdown
  )
  const depths = fromMarkdown(markdown).children.flatMap((node) => (node.type === 'heading' ? [node.depth] : []))
  assert.deepEqual(depths, [1, 2, 2, 4])
})

test('a tool call label is one short line: a script or heredoc never spills into it', () => {
  const made = structuredClone(session)
  const script = "apply_patch <<'PATCH'\n*** Begin Patch\n*** Add File: a.md\n+  # Title\n+- item\n*** End Patch\nPATCH"
  made.turns[1]!.parts = [
    {type: 'tool-call', text: script, name: 'shell', input: {command: ['bash', '-lc', script]}},
    {type: 'tool-call', text: `echo ${'x'.repeat(200)}`, name: 'shell', input: {}},
    {type: 'tool-call', text: '\n\n  ls   -la  \n', name: 'shell', input: {}}
  ]
  const markdown = toNote(made)
  const labels = markdown.split('\n').filter((line) => line.startsWith('**Tool call**'))
  assert.deepEqual(labels, [
    "**Tool call** `shell`: _apply_patch <<'PATCH'…_",
    `**Tool call** \`shell\`: _echo ${'x'.repeat(75)}…_`,
    '**Tool call** `shell`: _ls -la_'
  ])
  assert.ok(markdown.includes("\"apply_patch <<'PATCH'\\n*** Begin Patch"), 'the script is in the input block')
  assert.ok(!markdown.includes('\\*\\*\\* Begin Patch'))
})
