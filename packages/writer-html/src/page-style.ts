/**
 * The page's only stylesheet, inline: system fonts, no network. Turns are
 * cards marked by role (a coloured edge and label); folds, notices and code
 * are set apart; light and dark follow the reader's system
 * (`prefers-color-scheme`). It is allowed by its hash in the page's
 * Content-Security-Policy, so no other style can apply.
 */
export const pageStyle = `
:root {
  color-scheme: light dark;
  --bg: #f6f7f9; --card: #ffffff; --fg: #1f2328; --muted: #5b6470; --border: #d8dee4; --code-bg: #f1f3f5;
  --link: #0b62c4; --role: #6e7781; --role-bg: var(--card);
  --user: #0b62c4; --user-bg: #eef5ff; --assistant: #7c3aed; --system: #6e7781; --tool: #1a7f37; --other: #6e7781;
  --info: #0969da; --info-bg: #ddf4ff; --warning: #9a6700; --warning-bg: #fff8c5; --error: #cf222e; --error-bg: #ffebe9;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --card: #161b22; --fg: #e6edf3; --muted: #9198a1; --border: #30363d; --code-bg: #0d1117;
    --link: #58a6ff; --user: #58a6ff; --user-bg: #10243e; --assistant: #b392f0; --system: #9198a1; --tool: #3fb950;
    --other: #9198a1; --info: #58a6ff; --info-bg: #0c2d4a; --warning: #d29922; --warning-bg: #2e2410;
    --error: #f85149; --error-bg: #3a1618;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--fg);
  font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif;
}
main { max-width: 50rem; margin: 0 auto; padding: 2rem 1.25rem 3rem; }
.page-bar {
  position: sticky; top: 0; z-index: 1; display: flex; gap: .9rem; align-items: baseline;
  padding: .45rem max(1rem, calc((100% - 47.5rem) / 2)); background: var(--card);
  border-bottom: 1px solid var(--border);
  font-size: .85rem;
}
.page-bar .bar-title { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
  font-weight: 600; color: var(--fg); text-decoration: none; }
.page-bar .bar-tool { color: var(--muted); white-space: nowrap; }
.page-bar a:not(.bar-title) { white-space: nowrap; }
.turn, .prompt-nav, .note-header { scroll-margin-top: 3rem; }
.turn-link { font-weight: 400; color: var(--muted); text-decoration: none; font-size: .8rem; margin-left: .3rem; }
.turn-link:hover { text-decoration: underline; }
.prompt-nav { display: flex; gap: 1rem; font-size: .8rem; margin: -.2rem 0 .4rem; }
.prompt-nav span { color: var(--muted); }
.prompt-end { justify-content: center; margin: 1.5rem 0; }
.pager { display: flex; flex-wrap: wrap; gap: 1rem; justify-content: center; margin: 1rem 0; font-size: .9rem; }
.pager span { color: var(--muted); }
a { color: var(--link); }
a:not([href]) { color: inherit; text-decoration: underline dotted; }
h1, h2, h3, h4, h5, h6 { line-height: 1.3; margin: 1.4em 0 .5em; overflow-wrap: anywhere; }
h1 { font-size: 1.8rem; margin-top: 0; }
h3 { font-size: 1.2rem; } h4 { font-size: 1.05rem; } h5, h6 { font-size: 1rem; }
p, ul, ol, blockquote, pre, table, details { margin: .75em 0; }
ul, ol { padding-left: 1.6em; }
li > p { margin: .25em 0; }
hr { border: 0; border-top: 1px solid var(--border); margin: 1.5em 0; }
blockquote { margin-left: 0; padding: 0 1em; border-left: 3px solid var(--border); color: var(--muted); }
code, pre, kbd, samp {
  font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace;
  font-size: .875em;
}
:not(pre) > code { background: var(--code-bg); border: 1px solid var(--border); border-radius: 4px; padding: .05em .3em;
  overflow-wrap: anywhere; }
pre { background: var(--code-bg); border: 1px solid var(--border); border-radius: 6px; padding: .75em 1em;
  overflow: auto; line-height: 1.45; max-height: 40rem; white-space: pre-wrap; overflow-wrap: anywhere; }
pre > code { font-size: inherit; }
pre.raw-html { white-space: pre-wrap; color: var(--muted); }
table { border-collapse: collapse; display: block; max-width: 100%; overflow-x: auto; }
th, td { border: 1px solid var(--border); padding: .3em .65em; text-align: left; vertical-align: top; }
th { background: var(--code-bg); }
.note-header { margin-bottom: 2rem; }
.note-header h1 { margin-bottom: .75rem; }
details.metadata > summary { cursor: pointer; color: var(--muted); font-size: .9rem; }
table.metadata { font-size: .85rem; color: var(--muted); border: 0; }
table.metadata th, table.metadata td { border: 0; background: none; padding: .1em 1em .1em 0; }
table.metadata th { font-weight: 600; white-space: nowrap; }
table.metadata td { overflow-wrap: anywhere; }
.turn {
  background: var(--role-bg); border: 1px solid var(--border); border-left: 4px solid var(--role);
  border-radius: 8px; padding: .1rem 1.25rem .2rem; margin: 1.1rem 0; overflow-wrap: break-word;
}
.turn > h2:first-child, .turn-nested > p:first-child {
  font-size: .9rem; font-weight: 600; color: var(--role); margin: .8rem 0 .4rem; letter-spacing: .01em;
}
.turn-user { --role: var(--user); --role-bg: var(--user-bg); }
.turn-assistant { --role: var(--assistant); }
.turn-system { --role: var(--system); }
.turn-tool { --role: var(--tool); }
.turn-other { --role: var(--other); }
.turn-nested { margin: .6rem 0; padding: 0 .9rem; border-radius: 6px; }
details.fold { border: 1px solid var(--border); border-radius: 6px; background: var(--bg); }
details.fold > summary { cursor: pointer; padding: .35em .8em; color: var(--muted); font-size: .9rem; }
details.fold[open] > summary { border-bottom: 1px solid var(--border); }
.fold-body { padding: 0 .9rem; }
.fold-thinking .fold-body { color: var(--muted); font-style: italic; }
.fold-thinking .fold-body pre, .fold-thinking .fold-body code { font-style: normal; }
details.tool-call { border: 1px solid var(--border); border-radius: 6px; margin: .5em 0; background: var(--bg); }
details.tool-call > summary { cursor: pointer; padding: .3em .8em; font-size: .875rem; overflow-wrap: anywhere; }
details.tool-call[open] > summary { border-bottom: 1px solid var(--border); }
.tool-name { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-weight: 600;
  color: var(--tool); }
.tool-summary { color: var(--muted); }
.tool-status { color: var(--warning); font-size: .8rem; border: 1px solid currentColor; border-radius: 4px;
  padding: 0 .3em; }
.tool-call-error { border-color: var(--error); }
.tool-call-error .tool-status { color: var(--error); }
.tool-body { padding: 0 .9rem; }
.tool-markdown { border-left: 3px solid var(--border); padding-left: .9rem; }
.tool-markdown p, .tool-markdown li { white-space: pre-line; }
dl.tool-input { display: grid; grid-template-columns: minmax(0, max-content) minmax(0, 1fr); gap: .25em .9em;
  margin: .75em 0; font-size: .9rem; }
dl.tool-input dt { font-weight: 600; color: var(--muted); overflow-wrap: anywhere; max-width: 10rem; }
dl.tool-input dd { margin: 0; min-width: 0; }
dl.tool-input pre { margin: 0; }
dl.tool-input .empty { color: var(--muted); }
@media (max-width: 40rem) {
  .page-bar .bar-tool { display: none; }
  dl.tool-input { grid-template-columns: minmax(0, 1fr); }
  dl.tool-input dd { margin-bottom: .4em; }
  main { padding: 1.25rem .75rem 2rem; }
  .turn { padding: .1rem .8rem .2rem; }
}
aside.notice {
  --level: var(--info); --level-bg: var(--info-bg);
  border-left: 4px solid var(--level); background: var(--level-bg); border-radius: 6px;
  padding: .45em .9em; margin: 1rem 0; font-size: .95rem;
}
aside.notice p { margin: .15em 0; }
aside.notice .notice-label { font-weight: 600; color: var(--level); font-size: .85rem; }
aside.notice-warning { --level: var(--warning); --level-bg: var(--warning-bg); }
aside.notice-error { --level: var(--error); --level-bg: var(--error-bg); }
.branch { border: 2px dashed var(--border); border-radius: 10px; padding: 0 1rem; margin: 1.5rem 0; }
.footnotes { font-size: .9rem; color: var(--muted); border-top: 1px solid var(--border); margin-top: 1.5em; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
input[type="checkbox"] { margin: 0 .4em 0 0; }
li.task-list-item { list-style: none; }
footer.page-footer { color: var(--muted); font-size: .8rem; text-align: center; padding: 0 1rem 2rem; }
table.index { width: 100%; font-size: .9rem; }
table.index td { overflow-wrap: anywhere; background: var(--card); }
table.index td.date, table.index td.number { white-space: nowrap; }
table.index td.number { text-align: right; }
details.group { margin: .6rem 0; }
details.group > summary { cursor: pointer; font-weight: 600; padding: .2em 0; }
details.group > summary .count { color: var(--muted); font-weight: 400; }
@media print {
  body { background: none; }
  .turn, details.fold { break-inside: avoid-page; }
}
`
