import assert from 'node:assert/strict'
import {mkdir, mkdtemp, readdir, readFile, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {runSyncHere} from '../util/run-sync.js'
import {alnum} from './secret-samples.js'

// A vault is often a shared git repository: whoever writes its `.chatmark/config.yaml` must not be able to keep
// secrets in the notes of everyone who syncs it. Only the user's own `--no-redact` does.

const token = `ghp_${alnum(36, 7)}`

async function notes(vault: string): Promise<string> {
  const texts: string[] = []
  for (const entry of await readdir(vault, {recursive: true, withFileTypes: true})) {
    if (entry.isFile() && entry.name.endsWith('.md'))
      texts.push(await readFile(join(entry.parentPath, entry.name), 'utf8'))
  }
  return texts.join('\n')
}

test('a vault’s `redact: false` is ignored, with a warning; --no-redact keeps secrets', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-redact-config-'))
  const chat = join(home, 'chat.txt')
  await writeFile(chat, `User: deploy with ${token}\n\nAssistant: done\n`)
  const vault = join(home, 'vault')
  await mkdir(join(vault, '.chatmark'), {recursive: true})
  await writeFile(join(vault, '.chatmark', 'config.yaml'), 'redact: false\n')

  const synced = await runSyncHere(['vault', '--no-defaults', chat], {home})
  assert.equal(synced.code, 0, synced.stderr)
  assert.match(synced.stderr, /vault\/\.chatmark\/config\.yaml: redact: false is ignored: a vault's config cannot keep/)
  const redacted = await notes(vault)
  assert.ok(!redacted.includes(token), redacted)
  assert.match(redacted, /deploy with \[redacted: GitHub token\]/)

  const kept = await runSyncHere(['vault', '--no-defaults', '--no-redact', chat], {home})
  assert.equal(kept.code, 0, kept.stderr)
  assert.doesNotMatch(kept.stderr, /redact: false is ignored/)
  assert.ok((await notes(vault)).includes(token))
})
