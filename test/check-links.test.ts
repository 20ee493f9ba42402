import assert from 'node:assert/strict'
import {execFile} from 'node:child_process'
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {promisify} from 'node:util'
import {test} from 'vitest'

// `lint` runs test/check-links.js over every tracked Markdown file; here it is given two files of its own.
const checker = fileURLToPath(new URL('check-links.js', import.meta.url))

/** The checker's exit status and output over `files` (by name, with their text), in a folder of their own. */
async function check(files: Record<string, string>): Promise<{code: number; stdout: string; stderr: string}> {
  const folder = await mkdtemp(join(tmpdir(), 'chatmark-links-'))
  try {
    for (const [name, text] of Object.entries(files)) {
      await mkdir(join(folder, name, '..'), {recursive: true})
      await writeFile(join(folder, name), text)
    }
    const run = promisify(execFile)(process.execPath, [checker, ...Object.keys(files)], {cwd: folder})
    return await run.then(
      ({stdout, stderr}) => ({code: 0, stdout, stderr}),
      (error: {code: number; stdout: string; stderr: string}) => error
    )
  } finally {
    await rm(folder, {recursive: true, force: true})
  }
}

const guide = [
  '# Guide',
  '',
  '## Some heading',
  '',
  'See [the other](docs/other.md#a-heading-there), [here](#some-heading) and [the docs](docs/).',
  ''
].join('\n')
const other = '# Other\n\n## A heading there\n\n[Back](../guide.md#guide)\n'

test('links to files, folders and headings that are there pass', async () => {
  const run = await check({'guide.md': guide, 'docs/other.md': other, 'docs/README.md': '# Docs\n'})
  assert.equal(run.code, 0, run.stderr)
  assert.equal(run.stdout, '3 Markdown files, no dead link\n')
})

test('a dead relative link and dead anchors (here and in another file) fail, each at its line and column', async () => {
  const broken = guide.replace('docs/other.md#a-heading-there', 'docs/gone.md').replace('#some-heading', '#no-such')
  // No docs/README.md this time: a link to a folder only needs the folder.
  const run = await check({'guide.md': broken, 'docs/other.md': other.replace('#guide', '#moved')})
  assert.equal(run.code, 1)
  assert.equal(
    run.stderr,
    [
      'docs/other.md:5:1: Cannot find heading for `#moved` in `../guide.md` (missing-heading-in-file)',
      'guide.md:5:5: Cannot find file `docs/gone.md` (missing-file)',
      'guide.md:5:32: Cannot find heading for `#no-such` (missing-heading)',
      '3 dead link(s)',
      ''
    ].join('\n')
  )
})
