// Writes the files that must name every workspace package (./workspace.js says which and why): run it after
// adding or removing a package under packages/, then `npx -y pnpm@10 install` to link the new dependency.
// `--check` writes nothing and exits 1 when a file is stale.
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {wiredFiles} from './workspace.js'

const root = fileURLToPath(new URL('../', import.meta.url))
const check = process.argv.includes('--check')
const stale = []
for (const [path, text] of wiredFiles(root)) {
  if (readFileSync(join(root, path), 'utf8') === text) continue
  stale.push(path)
  if (!check) writeFileSync(join(root, path), text)
}
if (check && stale.length > 0) {
  console.error(`Stale: ${stale.join(', ')}. Run \`node scripts/wire-workspace.js\`, then \`npx -y pnpm@10 install\`.`)
  process.exit(1)
}
console.log(stale.length === 0 ? 'The workspace wiring is up to date.' : `Wrote ${stale.join(', ')}.`)
