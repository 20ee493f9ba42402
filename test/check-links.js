// Fails when a Markdown file links to a file, folder or heading that is not there:
// `[x](docs/a.md)`, `[x](docs/a.md#some-heading)`, `[x](#local)`.
//
//   node test/check-links.js            every git-tracked *.md of the repository
//   node test/check-links.js A.md B.md  these files (paths from the working directory, which is then the root)
//
// remark-validate-links does the checking (GitHub's heading slugs, folder links to their README, a suggestion
// for a near miss); unified-engine runs it over all files as one set, which is what lets it check a heading in
// another file (the plugin alone checks only headings of the file it is in). Offline: `repository: false`
// keeps it from asking git for a remote, and it never fetches anything; a full `https://` URL is not checked.
//
// Under a `fixtures/` folder only a fixture's README.md and PROVENANCE.md are documentation: the other Markdown
// files there are transcripts (inputs, golden notes) whose links are what a conversation said, not ours to fix.
import {execFileSync} from 'node:child_process'
import {relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkValidateLinks from 'remark-validate-links'
import {unified} from 'unified'
import {engine} from 'unified-engine'

const given = process.argv.slice(2)
const root = given.length > 0 ? process.cwd() : fileURLToPath(new URL('../', import.meta.url))
const files = given.length > 0 ? given : trackedDocs(root)

const code = await new Promise((resolve, reject) => {
  engine(
    {
      processor: unified().use(remarkParse).use(remarkGfm),
      cwd: root,
      files,
      plugins: [[remarkValidateLinks, {repository: false, root}]],
      // Neither write the files back nor print them: this only reads.
      out: false,
      output: false,
      detectConfig: false,
      detectIgnore: false,
      // A dead link is a warning of the plugin's; `frail` makes warnings fail the run.
      frail: true,
      reporter: lines,
      streamError: process.stderr
    },
    (error, status) => (error ? reject(error) : resolve(status ?? 1))
  )
})
if (code === 0) console.log(`${files.length} Markdown files, no dead link`)
process.exitCode = code

/** The git-tracked Markdown files that are documentation (see the note at the top). */
function trackedDocs(cwd) {
  return execFileSync('git', ['ls-files', '-z', '*.md'], {cwd})
    .toString()
    .split('\0')
    .filter((file) => file !== '')
    .filter((file) => !/(^|\/)fixtures\//.test(file) || /(^|\/)(README|PROVENANCE)\.md$/.test(file))
}

/** Each problem on a line, `file:line:column: reason (rule)` as editors link them, in order; then a count. */
function lines(checked) {
  const found = checked
    .flatMap((file) =>
      file.messages.map((message) => {
        const {line = 1, column = 1} = message.place && 'start' in message.place ? message.place.start : {}
        return {path: relative(root, file.path), line, column, reason: `${message.reason} (${message.ruleId})`}
      })
    )
    .sort((a, b) => (a.path === b.path ? a.line - b.line || a.column - b.column : a.path.localeCompare(b.path)))
    .map(({path, line, column, reason}) => `${path}:${line}:${column}: ${reason}`)
  return found.length === 0 ? '' : `${found.join('\n')}\n${found.length} dead link(s)\n`
}
