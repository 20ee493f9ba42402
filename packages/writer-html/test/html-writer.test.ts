import assert from 'node:assert/strict'
import {createHash} from 'node:crypto'
import {test} from 'vitest'
import {conversationToMdast, indexNoteId, markdownWriter, pageBreak} from '@chatmark/core'
import {htmlProcessor, htmlWriter, sanitizeSchema} from '@chatmark/writer-html'
import {defaultSchema} from 'rehype-sanitize'
import {pageProblems} from '../../../test/util/page-problems.js'
import {content, conversationOf, exchange, page} from './helpers.js'

test('the writer is named html, writes .html files and says what it writes', () => {
  assert.equal(htmlWriter.name, 'html')
  assert.equal(htmlWriter.extension, '.html')
  assert.match(htmlWriter.description, /web pages/)
  assert.ok(Object.isFrozen(htmlWriter))
})

test('a page is self-contained: its stylesheet inline and allowed by hash, no script, nothing loaded', () => {
  const html = page(exchange({type: 'text', text: 'Hello'}))
  assert.match(
    html,
    /^<!doctype html>\n<html><head>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy"/
  )
  assert.deepEqual(pageProblems(html), [])
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
  const hash = createHash('sha256').update(style).digest('base64')
  const policy = /<meta http-equiv="content-security-policy" content="([^"]+)">/i
    .exec(html)?.[1]
    ?.replaceAll('&#x27;', "'")
  assert.equal(policy, `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'`)
  assert.match(style, /prefers-color-scheme: dark/)
  assert.doesNotMatch(html, /https?:\/\/|@import|url\(/, 'no address to load anything from')
})

test('each turn is a section marked with its role and numbered; its heading is the note heading', () => {
  const html = content(
    page(
      conversationOf([
        {role: 'user', timestamp: '2026-03-01T10:00:00Z', parts: [{type: 'text', text: 'Hi'}]},
        {role: 'assistant', model: 'm-1', parts: [{type: 'text', text: 'Hello'}]},
        {role: 'system', parts: [{type: 'text', text: 'Be brief.'}]},
        {role: 'tool', parts: [{type: 'text', text: 'ok'}]},
        {role: 'other', parts: [{type: 'text', text: '?'}]}
      ])
    )
  )
  const sections = [
    ...html.matchAll(/<section class="([^"]+)" id="(t\d+)">\n<h2>([^<]+) <a class="turn-link" href="#(t\d+)">/g)
  ].map((match) => match.slice(1))
  assert.deepEqual(sections, [
    ['turn turn-user', 't1', 'User · 2026-03-01 10:00 UTC', 't1'],
    ['turn turn-assistant', 't2', 'Assistant · m-1', 't2'],
    ['turn turn-system', 't3', 'System', 't3'],
    ['turn turn-tool', 't4', 'Tool', 't4'],
    ['turn turn-other', 't5', 'Other', 't5']
  ])
})

test('raw HTML in message text is shown as text, never as an element', () => {
  const hostile = [
    '<script>window.pwned = 1</script>',
    '',
    'Inline <script>alert(1)</script>, <img src=x onerror="alert(1)"> and <b>bold</b>.',
    '',
    '<style>body { display: none }</style>',
    '',
    '<iframe src="https://example.com"></iframe>',
    '',
    '<div><i>unclosed'
  ].join('\n')
  const html = content(page(exchange({type: 'text', text: hostile})))
  assert.doesNotMatch(html, /<(script|img|style|iframe|div|b|i)[\s>]/)
  assert.match(html, /<pre class="raw-html"><code>&#x3C;script>window.pwned = 1&#x3C;\/script><\/code><\/pre>/)
  assert.match(html, /<p>Inline &#x3C;script>alert\(1\)&#x3C;\/script>, &#x3C;img src=x onerror="alert\(1\)"> and/)
  assert.match(html, /<pre class="raw-html"><code>&#x3C;style>body \{ display: none \}&#x3C;\/style>/)
  assert.match(html, /&#x3C;div>&#x3C;i>unclosed<\/code><\/pre>/)
})

test('control characters of a transcript (ESC of coloured output, BEL, C1) are dropped or shown, never raw', () => {
  const output = '\u001b[32mok\u001b[0m \u0007 \u009b2J \u007f'
  const html = page({
    ...exchange(
      {type: 'text', text: `Colours: ${output}`},
      {type: 'tool-call', name: 'Bash', text: 'ls', input: {}, result: {text: output}}
    ),
    title: 'Title \u001b]0;retitled\u0007'
  })
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point of the test
  assert.doesNotMatch(html, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/)
  assert.match(content(html), /<p>Colours: ␛\[32mok␛\[0m ␇ \uFFFD2J ␡<\/p>/)
  // In a command's output the escape sequences (colours, the C1 CSI's `2J`) are gone; the rest is shown.
  assert.match(content(html), /<code class="language-text">ok ␇ {2}␡\n?<\/code>/)
  // The title is made safe where it is made (core's `safeTitle`): the OSC sequence that would retitle a terminal
  // goes whole.
  assert.match(html, /<title>Title<\/title>/)
  assert.match(html, /<h1>Title<\/h1>/)
})

test('links keep safe addresses only; images become links and load nothing', () => {
  const text = [
    '[a](javascript:alert(1)) [b](https://example.com/b) <javascript:alert(2)> [c](data:text/html,x) [d](mailto:x@y.z)',
    '',
    '![chart](https://tracker.example/pixel.png "A chart") ![](data:image/png;base64,AAAA)'
  ].join('\n')
  const html = content(page(exchange({type: 'text', text})))
  assert.match(html, /<a>a<\/a> <a href="https:\/\/example.com\/b">b<\/a> <a>javascript:alert\(2\)<\/a> <a>c<\/a>/)
  assert.match(html, /<a href="mailto:x@y.z">d<\/a>/)
  assert.match(
    html,
    /<a class="image-link" href="https:\/\/tracker.example\/pixel.png" title="A chart">Image: chart<\/a>/
  )
  assert.match(html, /<a class="image-link">Image<\/a>/)
  assert.doesNotMatch(html, /<img|javascript:alert\(1\)|data:/)
})

test('a line break written as <br> (as in the tables models write) is one', () => {
  const html = content(page(exchange({type: 'text', text: '| a |\n| - |\n| one<br>two<br/>three |'})))
  assert.match(html, /<td>one<br>two<br>three<\/td>/)
})

test('message headings go below the turn heading; GFM tables, task lists and strikethrough render', () => {
  const text = '# Top\n\n## Next\n\n###### Deep\n\n- [x] done\n- [ ] open\n\n~~old~~'
  const html = content(page(exchange({type: 'text', text})))
  assert.match(html, /<h3>Top<\/h3>\n<h4>Next<\/h4>\n<h6>Deep<\/h6>/)
  assert.match(html, /<li class="task-list-item"><input type="checkbox" checked disabled> done<\/li>/)
  assert.match(html, /<del>old<\/del>/)
})

test('footnotes of two messages keep ids of their own, and their links meet', () => {
  const note = {type: 'text', text: 'One[^1].\n\n[^1]: First.'} as const
  const html = content(page(exchange(note, {type: 'text', text: 'Two[^1].\n\n[^1]: Second.'})))
  const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1])
  assert.equal(new Set(ids).size, ids.length, `unique ids: ${ids.join(' ')}`)
  const hrefs = [...html.matchAll(/ href="#(user-content-[^"]+)"/g)].map((match) => match[1])
  assert.equal(hrefs.length, 4)
  for (const href of hrefs) assert.ok(ids.includes(href), `#${href} leads somewhere`)
  assert.match(html, /aria-describedby="user-content-m3-footnote-label"/)
})

test('thinking and subagents are folds; notices are asides with their level; details fold under them', () => {
  const conversation = conversationOf([
    {
      role: 'assistant',
      parts: [
        {type: 'thinking', text: 'Hmm.'},
        {
          type: 'tool-call',
          text: 'look',
          name: 'task',
          input: {},
          subagent: [{role: 'assistant', parts: [{type: 'text', text: 'Found it.'}]}]
        }
      ]
    },
    {role: 'system', parts: [{type: 'notice', level: 'info', kind: 'compaction', summary: 'Sum'}]},
    {role: 'system', parts: [{type: 'notice', level: 'warning', text: 'Careful'}]},
    {role: 'system', parts: [{type: 'notice', level: 'error', text: 'Failed'}]}
  ])
  const html = content(page(conversation))
  assert.match(
    html,
    /<details class="fold fold-thinking">\n<summary>Thinking<\/summary>\n<div class="fold-body">\n<p>Hmm.<\/p>/
  )
  assert.match(html, /<details class="fold fold-subagent">\n<summary>Subagent \(1 turns\)<\/summary>/)
  assert.match(
    html,
    /<section class="turn turn-assistant turn-nested">\n<p><strong>Assistant<\/strong><\/p>\n<p>Found it./
  )
  assert.match(
    html,
    /<aside class="notice notice-info"><p class="notice-label">Note<\/p>\n<p>Conversation compacted<\/p><\/aside>/
  )
  assert.match(html, /<details class="fold fold-details">\n<summary>Summary<\/summary>/)
  assert.match(html, /<aside class="notice notice-warning"><p class="notice-label">Warning<\/p>/)
  assert.match(html, /<aside class="notice notice-error"><p class="notice-label">Error<\/p>/)
  assert.doesNotMatch(content(page(conversation, {thinking: false, notices: false})), /fold-thinking|<aside/)
})

test('a branch is a section between the lines the Markdown note has', () => {
  const branch = (origin?: 'edited-prompt' | 'regenerated-answer') =>
    conversationOf([
      {role: 'user', parts: [{type: 'text', text: 'Q'}]},
      {
        role: 'assistant',
        parts: [
          {
            type: 'branch',
            number: 2,
            ...(origin ? {origin} : {}),
            turns: [{role: 'assistant', parts: [{type: 'text', text: 'Other answer'}]}]
          }
        ]
      }
    ])
  for (const origin of ['edited-prompt', 'regenerated-answer', undefined] as const) {
    const html = content(page(branch(origin)))
    const markdown = [...markdownWriter.write(branch(origin))].join('')
    const lines = [...html.matchAll(/<p class="notice-label">Note<\/p>\n<p>([^<]+)<\/p>/g)].map((match) => match[1])
    assert.equal(lines.length, 2)
    for (const line of lines) assert.ok(markdown.includes(`> ${line}`), `${line} is the note's wording`)
    assert.match(html, /<section class="branch">\n<aside class="notice notice-info">/)
  }
})

test('message text parsed by core (parseMessages) renders the same, raw HTML still as text', () => {
  const conversation = exchange({type: 'text', text: '# Title\n\n<script>alert(1)</script>\n\nInline <b>x</b>.'})
  const parsed = content(page(conversation, {parseMessages: true}))
  assert.equal(parsed, content(page(conversation)))
  assert.doesNotMatch(parsed, /<script|<b>/)
})

test('the header: the title, and the frontmatter as a table under a line of facts; calls and code keep text', () => {
  const conversation = conversationOf(
    [
      {
        role: 'assistant',
        parts: [
          {type: 'tool-call', text: 'ls', name: 'shell', input: {command: 'ls'}, result: {text: '<b>', isError: false}},
          {type: 'code', text: 'x = 1', language: 'python'}
        ]
      }
    ],
    {
      title: 'A <title>',
      source: {format: 'gemini', variant: 'gemini-jsonl'},
      createdAt: '2026-03-01T10:00:00Z',
      metadata: {models: ['a', 'b'], tokens: {input: 12345, output: 6}, extra: {flag: false}},
      fidelity: {'malformed-line': 2}
    }
  )
  const html = page(conversation)
  assert.match(html, /<title>A &#x3C;title><\/title>/)
  assert.match(
    html,
    new RegExp(
      '<header class="note-header" id="top">\n<h1>A &#x3C;title></h1>\n<details class="metadata">\n' +
        '<summary>gemini · a · b · 2026-03-01 · 1 turn · 12,351 tokens</summary>\n<table class="metadata"><tbody>\n<tr>'
    )
  )
  const rows = [...html.matchAll(/<tr><th scope="row">([^<]+)<\/th><td>([^<]*)<\/td><\/tr>/g)].map((match) =>
    match.slice(1).join(': ')
  )
  assert.deepEqual(rows, [
    'source: gemini (gemini-jsonl)',
    'id: c-1',
    'created: 2026-03-01T10:00:00Z',
    'models: a, b',
    'tokens: input: 12,345 · output: 6',
    'flag: false',
    'turns: 1',
    'fidelity: malformed-line: 2'
  ])
  assert.match(html, /<pre><code class="language-text">&#x3C;b>\n<\/code><\/pre>/)
  assert.match(html, /<pre><code class="language-python">x = 1\n<\/code><\/pre>/)
})

test('the table is the default profile’s properties, whatever the profile, with the parent note’s link', () => {
  const fork = conversationOf([{role: 'user', parts: [{type: 'text', text: 'Go on.'}]}], {
    source: {format: 'codex'},
    metadata: {parent: {id: 'p-1', relation: 'fork'}}
  })
  const rowsOf = (html: string): string[] =>
    [...html.matchAll(/<tr><th scope="row">([^<]+)<\/th><td>([^<]*)<\/td><\/tr>/g)].map((match) =>
      match.slice(1).join(': ')
    )
  const rows = ['source: codex', 'id: c-1', 'parent: id: p-1 · relation: fork', 'turns: 1']
  assert.deepEqual(rowsOf(page(fork, {profile: 'obsidian', tool: 'codex'})), rows)
  assert.deepEqual(rowsOf(page(fork, {profile: 'obsidian', parent: '[[codex/p-1|Parent]]'})), [
    ...rows,
    'parent note: [[codex/p-1|Parent]]'
  ])
})

test('a page is written a turn at a time: the head first, then one piece per turn, then the end', () => {
  const turns = Array.from({length: 5}, (_, index) => ({
    role: 'user' as const,
    parts: [{type: 'text' as const, text: `Turn ${index}`}]
  }))
  const iterator = htmlWriter.write(conversationOf(turns))[Symbol.iterator]()
  const first = iterator.next()
  assert.match(String(first.value), /^<!doctype html>[\s\S]*<\/header>\n$/)
  const rest: string[] = []
  for (let next = iterator.next(); !next.done; next = iterator.next()) rest.push(next.value)
  assert.equal(rest.length, 6)
  for (const [index, piece] of rest.slice(0, 5).entries()) {
    const turn = index + 1
    assert.equal(
      piece,
      `<section class="turn turn-user" id="t${turn}">\n` +
        `<h2>User <a class="turn-link" href="#t${turn}">#${turn}</a></h2>\n<p>Turn ${index}</p>\n</section>\n`
    )
  }
  assert.match(rest[5]!, /^<nav class="prompt-nav prompt-end" id="p1" aria-label="Prompts"><a href="#top">↑ Top<\/a>/)
  assert.match(rest[5]!, /<\/main>[\s\S]*<\/html>\n$/)
})

test('the id of a page reads back exactly; other text has none', async () => {
  const odd = 'id "with" <markup> & ünïcödé/%'
  const html = page(conversationOf([], {id: odd}))
  assert.equal(await htmlWriter.noteId?.(html.slice(0, 4096)), odd)
  assert.equal(await htmlWriter.noteId?.('---\nid: x\n---\n'), undefined)
  assert.equal(await htmlWriter.noteId?.('<!doctype html><meta name="chatmark-id" content="%E0%A4%A">'), undefined)
  assert.equal(await htmlWriter.noteId?.('<p><meta name="chatmark-id" content="x">'), undefined, 'not a page')
})

test('the index lists notes newest first, grouped by tool and by project, linked safely; it is a page', async () => {
  const html = [
    ...(htmlWriter.index?.([
      {href: 'old note.html', title: 'Old', date: '2025-01-01T00:00:00Z', format: 'chatgpt', tool: 'ChatGPT', turns: 2},
      {href: 'undated.html', title: 'Undated <b>', format: 'claude', turns: 1},
      {
        href: 'new.html',
        title: 'New',
        date: '2026-02-03T04:05:06Z',
        format: 'gemini (gemini-jsonl)',
        tool: 'Gemini CLI',
        project: '/home/ada/work/demo',
        turns: 1234,
        tokens: 56789
      },
      {href: 'a.html', title: 'A', date: '2026-01-01T00:00:00Z', format: 'gemini', tool: 'Gemini CLI', turns: 3}
    ]) ?? [])
  ].join('')
  assert.deepEqual(pageProblems(html), [])
  assert.equal(await htmlWriter.noteId?.(html), indexNoteId)
  assert.match(html, /<p>4 conversations from 3 tools in 1 project<\/p>/)
  const groups = [
    ...html.matchAll(/<details class="group"( open)?>\n<summary[^>]*>([^<]+) <span class="count">\((\d+)\)/g)
  ]
  assert.deepEqual(
    groups.map((match) => [match[2], match[3], Boolean(match[1])]),
    [
      ['Gemini CLI', '2', true],
      ['ChatGPT', '1', true],
      ['claude', '1', true],
      ['demo', '1', false]
    ],
    'tools open, newest first (a note that does not name its tool is under its format); projects folded'
  )
  const rows = [
    ...html.matchAll(
      new RegExp(
        '<tr><td><a href="([^"]+)">([^<]+)</a></td><td[^>]*>([^<]*)</td><td class="date">([^<]*)</td>' +
          '<td class="number">([^<]+)</td><td class="number">([^<]*)</td>',
        'g'
      )
    )
  ]
  assert.deepEqual(
    rows.map((match) => match.slice(1)),
    [
      ['new.html', 'New', 'demo', '2026-02-03', '1,234', '56,789'],
      ['a.html', 'A', '', '2026-01-01', '3', ''],
      ['old%20note.html', 'Old', '', '2025-01-01', '2', ''],
      ['undated.html', 'Undated &#x3C;b>', '', '', '1', ''],
      ['new.html', 'New', 'Gemini CLI', '2026-02-03', '1,234', '56,789']
    ]
  )
  assert.match(html, /<td title="\/home\/ada\/work\/demo">demo<\/td>/)
})

test('what an index lists of a page reads back from its head, so an index is rebuilt from a folder', () => {
  const conversation = conversationOf([{role: 'user', parts: [{type: 'text', text: 'Hi'}]}], {
    title: 'A "title" <b> & ünï',
    createdAt: '2026-03-01T10:00:00Z',
    source: {format: 'claude', variant: 'claude-code-jsonl'},
    metadata: {project: '/home/ada/demo', tokens: {input: 10, output: 5}}
  })
  const html = page(conversation, {toolName: 'Claude Code'})
  assert.deepEqual(htmlWriter.noteLink?.(html.slice(0, 16_384)), {
    href: '',
    title: 'A "title" <b> & ünï',
    format: 'claude (claude-code-jsonl)',
    date: '2026-03-01T10:00:00Z',
    tool: 'Claude Code',
    project: '/home/ada/demo',
    turns: 1,
    tokens: 15
  })
  assert.equal(htmlWriter.noteLink?.('<p><meta name="chatmark-link" content="%7B%7D">'), undefined, 'not a page')
  assert.equal(
    htmlWriter.noteLink?.('<!doctype html><meta name="chatmark-link" content="%7B%22title%22%3A1%7D">'),
    undefined
  )
  assert.equal(htmlWriter.noteLink?.([...(htmlWriter.index?.([]) ?? [])].join('')), undefined, 'the index lists none')
})

test('the sanitiser keeps every rule of GitHub schema and adds only chatmark elements and classes', () => {
  assert.deepEqual(
    sanitizeSchema.tagNames?.filter((name) => !defaultSchema.tagNames?.includes(name)),
    ['aside']
  )
  assert.equal(sanitizeSchema.protocols, defaultSchema.protocols)
  assert.equal(sanitizeSchema.strip, defaultSchema.strip)
  assert.equal(sanitizeSchema.clobberPrefix, defaultSchema.clobberPrefix)
  for (const [name, rules] of Object.entries(sanitizeSchema.attributes ?? {})) {
    for (const rule of rules) {
      assert.ok(typeof rule !== 'string' || defaultSchema.attributes?.[name]?.includes(rule), `${name}: ${rule}`)
      if (Array.isArray(rule))
        assert.equal(
          rule[0] === 'className' ||
            defaultSchema.attributes?.[name]?.some((own) => JSON.stringify(own) === JSON.stringify(rule)),
          true,
          `${name}: ${JSON.stringify(rule)}`
        )
    }
  }
})

test('the processor turns a whole tree into HTML too, the frontmatter left out', () => {
  const tree = conversationToMdast(exchange({type: 'text', text: 'Hi'}))
  const html = htmlProcessor.stringify(htmlProcessor.runSync(tree))
  assert.match(html, /^<h1>Go.<\/h1>\n<section class="turn turn-user">/)
  assert.doesNotMatch(html, /source|format: test/)
})

test('a tool call is a closed fold that names the tool and what it did; its long output is not folded again', () => {
  const output = Array.from({length: 40}, (_, index) => `line ${index}`).join('\n')
  const call = {
    type: 'tool-call',
    text: 'Bash',
    name: 'Bash',
    input: {command: 'ls -la\n  | sort', description: ''},
    status: 'error',
    result: {text: output, isError: true}
  } as const
  const html = content(page(exchange(call)))
  assert.match(
    html,
    new RegExp(
      '<details class="tool-call tool-call-error">\n<summary><span class="tool-name">Bash</span> ' +
        '<span class="tool-summary">ls -la…</span> <span class="tool-status">error</span></summary>'
    )
  )
  // The input's fields: a string with a line break keeps it, an empty one says so.
  assert.match(html, /<dt>command<\/dt>\n<dd><pre><code>ls -la\n {2}\| sort<\/code><\/pre><\/dd>/)
  assert.match(html, /<dt>description<\/dt>\n<dd><span class="empty">\(empty\)<\/span><\/dd>/)
  assert.match(html, /<p><strong>Error<\/strong><\/p>\n<pre><code class="language-text">line 0\n/)
  assert.doesNotMatch(html, /fold-tool-output|Tool call/)
  assert.doesNotMatch(html, /<details>|class="fold"/, 'every fold is marked with its kind')
})

test('a subagent’s call folds its turns inside it; what a subagent or a fetch returned is rendered Markdown', () => {
  const html = content(
    page(
      exchange(
        {
          type: 'tool-call',
          text: 'Find the parser',
          name: 'Task',
          input: {description: 'Find the parser', prompt: 'Look in src/.\n\n1. Read it\n2. Report'},
          result: {text: '## Summary\n\nThe parser is **src/parse.ts**.\n<script>alert(1)</script>'},
          subagent: [{role: 'assistant', parts: [{type: 'text', text: 'Reading **src/**.'}]}]
        },
        {type: 'tool-call', text: 'cat', name: 'Bash', input: {command: 'cat README.md'}, result: {text: '## Raw'}}
      )
    )
  )
  const task = html.slice(html.indexOf('<details class="tool-call">'), html.indexOf('<span class="tool-name">Bash'))
  assert.match(task, /<span class="tool-summary">Find the parser<\/span>/)
  assert.match(task, /<dt>prompt<\/dt>\n<dd><pre><code>Look in src\/.\n\n1. Read it\n2. Report<\/code><\/pre><\/dd>/)
  assert.match(task, /<div class="tool-markdown"><h4>Summary<\/h4><p>The parser is <strong>src\/parse.ts<\/strong>./)
  assert.doesNotMatch(task, /<script/)
  assert.match(task, /<details class="fold fold-subagent">[\s\S]*<p>Reading <strong>src\/<\/strong>.<\/p>/)
  // A shell's output is shown as written, whatever it holds.
  assert.match(html, /<pre><code class="language-text">## Raw\n<\/code><\/pre>/)
})

test('prompts link to each other and every link on the page leads to an anchor on it', () => {
  const turns = ['One', 'Two', 'Three'].flatMap((text) => [
    {role: 'user' as const, parts: [{type: 'text' as const, text}]},
    {role: 'assistant' as const, parts: [{type: 'text' as const, text: `Re: ${text}`}]}
  ])
  const html = page(conversationOf(turns), {indexHref: 'index.html'})
  const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]))
  const fragments = [...html.matchAll(/ href="#([^"]+)"/g)].map((match) => match[1])
  assert.deepEqual(
    [...new Set(fragments)].filter((id) => !ids.has(id)),
    []
  )
  for (const id of ['top', 't1', 't6', 'p1', 'p2', 'p3', 'p4']) assert.ok(ids.has(id), id)
  assert.match(
    html,
    new RegExp(
      '<nav class="page-bar" aria-label="Page"><a class="bar-title" href="#top">One</a>' +
        '<span class="bar-tool">test</span><a href="#p1">Prompts</a><a href="index.html">All conversations</a></nav>'
    )
  )
  assert.doesNotMatch(page(conversationOf(turns)), /All conversations/, 'a page written alone has no index')
  // People talking to each other (a Slack channel) ask no model: their messages are not prompts to jump between.
  const channel = page(conversationOf(turns.filter((turn) => turn.role === 'user')))
  assert.doesNotMatch(channel, /Next prompt|>Prompts</)
})

test('with pageChars and pageName, a long conversation is pages linked to each other, a break between them', () => {
  const turns = Array.from({length: 12}, (_, index) => ({
    role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
    parts: [{type: 'text' as const, text: `Turn ${index} ${'words '.repeat(40)}`}]
  }))
  const pieces = [...htmlWriter.write(conversationOf(turns), {pageChars: 1000, pageName: 'my note'})]
  const pages = pieces.join('').split(pageBreak)
  assert.ok(pages.length >= 3, `${pages.length} pages`)
  assert.ok(pieces.includes(pageBreak), 'the break is a piece of its own')
  for (const [index, text] of pages.entries()) {
    assert.deepEqual(pageProblems(text), [], `page ${index + 1}`)
    const number = index + 1
    if (number > 1) {
      assert.match(text, new RegExp(`<meta name="chatmark-id" content="c-1%23page-${number}">`))
      assert.match(text, /<a href="my%20note.html">⇤ First page<\/a>/)
      assert.equal(htmlWriter.noteLink?.(text), undefined, 'only the first page is listed')
    }
    if (number < pages.length)
      assert.match(text, new RegExp(`<a href="my%20note-page-${number + 1}.html">Next page →</a>`))
  }
  const turnsShown = pages.map((text) => [...text.matchAll(/<section class="turn /g)].length)
  assert.equal(
    turnsShown.reduce((sum, count) => sum + count, 0),
    12,
    'every turn once'
  )
  // A prompt's "previous" link on a later page leads back to the page the previous prompt is on.
  assert.match(pages[1]!, /<a href="my%20note.html#p\d+">↑ Previous prompt<\/a>|<a href="#p\d+">↑ Previous prompt<\/a>/)
  assert.equal([...htmlWriter.write(conversationOf(turns))].includes(pageBreak), false, 'one page without pageChars')
})

test('a message over the parse budget is shown as written, as code, under a notice that says why', () => {
  // 3,000 setext headings: micromark's work on them grows with the square of the text.
  const hostile = 'a\n-\n'.repeat(3000)
  const html = content(page(exchange({type: 'text', text: `${hostile}after`})))
  assert.match(html, /<aside class="notice notice-info">[\s\S]*?shown as written, not parsed[\s\S]*?<\/aside>/)
  const code = /<pre><code>([\s\S]*?)<\/code><\/pre>/.exec(html)?.[1]
  assert.equal(code, `${hostile}after`)
  assert.doesNotMatch(html, /<h\d>a<\/h\d>/, 'no heading was parsed out of it')
})

test('tool input fields: numbers, booleans and null as code, long lines and objects as blocks; a list is JSON', () => {
  const fields = content(
    page(
      exchange(
        {
          type: 'tool-call',
          text: 'edit',
          name: 'Edit',
          input: {line: 12, dry: false, owner: null, skip: undefined, note: 'x'.repeat(130), range: {from: 1, to: 2}}
        },
        {type: 'tool-call', text: 'batch', name: 'Batch', input: [{path: 'a'}, {path: 'b'}]},
        {type: 'tool-call', text: 'noop', name: 'Noop', input: {skip: undefined}}
      )
    )
  )
  assert.match(fields, /<dt>line<\/dt>\n<dd><code>12<\/code><\/dd>\n<dt>dry<\/dt>\n<dd><code>false<\/code><\/dd>/)
  assert.match(fields, /<dt>owner<\/dt>\n<dd><code>null<\/code><\/dd>\n<dt>note<\/dt>\n<dd><pre><code>x{130}<\/code>/)
  assert.match(
    fields,
    /<dt>range<\/dt>\n<dd><pre><code class="language-json">\{\n {2}"from": 1,\n {2}"to": 2\n\}<\/code>/
  )
  assert.doesNotMatch(fields, /<dt>skip<\/dt>/)
  assert.match(fields, /<span class="tool-name">Batch<\/span>[\s\S]*?<pre><code class="language-json">\[\n/)
  assert.match(fields, /<span class="tool-name">Noop<\/span>[\s\S]*?<pre><code class="language-json">\{\}/)
})

test('the line of facts names two models and counts the others; a page link that is not a record is none', () => {
  const html = page(
    conversationOf([{role: 'user', parts: [{type: 'text', text: 'Hi'}]}], {
      metadata: {models: ['m-1', 'm-2', 'm-3', 'm-4']}
    })
  )
  assert.match(html, /<summary>test · m-1 · m-2 · 2 more models · 1 turn<\/summary>/)
  assert.equal(htmlWriter.noteLink?.('<!doctype html><meta name="chatmark-link" content="1">'), undefined)
  assert.equal(htmlWriter.noteLink?.('<!doctype html><meta name="chatmark-link" content="%7B">'), undefined)
})
