import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {RenderOptions} from '@chatmark/core'
import {toNote} from '@chatmark/core'
import {withoutRemoteContent} from '../src/render/without-remote-content.js'
import {conversation} from './helpers.js'
import {live, remoteContentProperty} from './remote-content-properties.js'

// Remote images and raw HTML that loads or runs something, in message text: Obsidian and other viewers fetch them
// as a note is opened (a tracking pixel, an iframe), so Markdown notes make them links and text by default
// (`RenderOptions.remoteContent`, `--remote-content`), and keep the rest of the text as written.

test('a remote image becomes a link to it; an image beside the note, or data:, stays an image', () => {
  const cases: [string, string][] = [
    ['See ![a cat](https://t.example/cat.png) here', 'See [Image: a cat](https://t.example/cat.png) here'],
    ['![](https://t.example/pixel.gif "t")', '[Image](https://t.example/pixel.gif "t")'],
    [
      '![x](//t.example/p.gif) and ![x](<https://t.example/a b.png>)',
      '[Image: x](//t.example/p.gif) and [Image: x](<https://t.example/a b.png>)'
    ],
    // A scheme spelled with an entity or escapes is a scheme to CommonMark all the same.
    [
      '![x](https&#58;//t.example/p) ![y](https:\\/\\/t.example/p)',
      '[Image: x](https&#58;//t.example/p) [Image: y](https:\\/\\/t.example/p)'
    ],
    [
      '![chart](chart.png) ![a](./img/a.png "title") ![d](data:image/png;base64,AAAA)',
      '![chart](chart.png) ![a](./img/a.png "title") ![d](data:image/png;base64,AAAA)'
    ],
    // By reference the address may be anywhere in the note: a link by the same reference.
    [
      '![logo][l] ![l][] ![l]\n\n[l]: https://t.example/logo.png',
      '[Image: logo][l] [Image: l][l] [Image: l][l]\n\n[l]: https://t.example/logo.png'
    ],
    // A badge in a link: the image is a link, the link's brackets text.
    [
      '[![build](https://ci.example/badge.svg)](https://ci.example)',
      '[[Image: build](https://ci.example/badge.svg)](https://ci.example)'
    ],
    // Not images: escaped, in code, Obsidian's embed (which its profile escapes), a label with brackets.
    [
      '\\![x](https://t.example) `![x](https://t.example)` ![[note.pdf]] ![a[b]]',
      '\\![x](https://t.example) `![x](https://t.example)` ![[note.pdf]] ![a[b]]'
    ],
    [
      '```\n![x](https://t.example/a.png)\n```\n\n    ![x](https://t.example/b.png)',
      '```\n![x](https://t.example/a.png)\n```\n\n    ![x](https://t.example/b.png)'
    ],
    [
      '> quoted ![x](https://t.example/a.png)\n- item ![y](https://t.example/b.png)',
      '> quoted [Image: x](https://t.example/a.png)\n- item [Image: y](https://t.example/b.png)'
    ]
  ]
  for (const [text, expected] of cases) assert.equal(withoutRemoteContent(text), expected, text)
})

test('raw HTML that loads or runs something reads as text; other HTML, and code, stay as written', () => {
  const cases: [string, string][] = [
    // An HTML block that holds any: at the top, a code block of its lines (which then end where the block did).
    [
      '<iframe src="https://www.youtube.com/embed/x"></iframe>',
      '```html\n<iframe src="https://www.youtube.com/embed/x"></iframe>\n```'
    ],
    [
      '<div>\n<p>hi</p>\n<video src="v.mp4"></video>\n</div>',
      '```html\n<div>\n<p>hi</p>\n<video src="v.mp4"></video>\n</div>\n```'
    ],
    ['<script>\n`x`\n```\n</script>\nafter', '````html\n<script>\n`x`\n```\n</script>\n````\nafter'],
    // In a block quote or list item, every tag of it escaped.
    [
      '> <div>\n> <video src="v.mp4"></video>\n> </div>',
      '> &lt;div>\n> &lt;video src="v.mp4">&lt;/video>\n> &lt;/div>'
    ],
    // Inline, the tag.
    [
      'Text <img src=https://t.example/p.gif> and <b>bold</b>',
      'Text &lt;img src=https://t.example/p.gif> and <b>bold</b>'
    ],
    [
      'a <span title="<" style="background:url(https://t.example)">x</span>',
      'a &lt;span title="<" style="background:url(https://t.example)">x</span>'
    ],
    ['> quoted <x onerror="alert(1)">', '> quoted &lt;x onerror="alert(1)">'],
    // An escaped `<` of a loading tag is written as an entity, the same text: not every reader takes the backslash.
    [
      'An autolink <https://t.example/a.png> and \\<img src=x>',
      'An autolink <https://t.example/a.png> and &lt;img src=x>'
    ],
    [
      '<details>\n<summary>More</summary>\n\nplain\n</details>',
      '<details>\n<summary>More</summary>\n\nplain\n</details>'
    ],
    [
      '`<script>x</script>` and\n\n```html\n<iframe src="x"></iframe>\n```',
      '`<script>x</script>` and\n\n```html\n<iframe src="x"></iframe>\n```'
    ]
  ]
  for (const [text, expected] of cases) assert.equal(withoutRemoteContent(text), expected, text)
})

remoteContentProperty(200)

test('a note keeps nothing live by default, both profiles, parsed messages too; keep leaves it as written', () => {
  const text =
    'Here is the chart: ![chart](https://tracker.example/pixel.png)\n\n' +
    '<iframe src="https://tracker.example/frame"></iframe>\n\nand inline <img src="https://tracker.example/i.gif">.'
  const session = conversation('plaintext', 'remote', text)
  for (const options of [
    {},
    {profile: 'obsidian'},
    {parseMessages: true},
    {parseMessages: true, profile: 'obsidian'}
  ] as RenderOptions[]) {
    const note = toNote(session, options)
    // The frontmatter is data, which no viewer renders as Markdown.
    assert.deepEqual(live(note.replace(/^---\n[\s\S]*?\n---\n/, '')), [], JSON.stringify(options))
    assert.match(note, /\[Image: chart\]\(https:\/\/tracker\.example\/pixel\.png\)/, JSON.stringify(options))
    const kept = toNote(session, {...options, remoteContent: 'keep'})
    assert.match(kept, /!\[chart\]\(https:\/\/tracker\.example\/pixel\.png\)/, JSON.stringify(options))
    assert.match(kept, /<iframe src="https:\/\/tracker\.example\/frame"><\/iframe>/, JSON.stringify(options))
  }
})
