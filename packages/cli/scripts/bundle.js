// Bundles the `chatmark` package (src/bin.ts, the command; src/index.ts, the
// library; src/test-kit.ts, the test kit; with the workspace packages'
// TypeScript sources and every dependency) into dist/bundle/: an entry each,
// which holds what every run needs, and chunks/, shared by the entries, that
// load only when an input needs them (zip, zstd, markdown-it, the Markdown
// parser, the serialiser, the progress bar, ...). The bundle needs nothing
// from node_modules at run time: it is all the package ships as code.
// `pnpm build` runs this after `tsc -b`.
import {copyFile, mkdir, readFile, rm, writeFile} from 'node:fs/promises'
import {createRequire} from 'node:module'
import {fileURLToPath} from 'node:url'
import {build} from 'esbuild'

const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url))
const {version} = JSON.parse(await readFile(at('package.json'), 'utf8'))

await rm(at('dist/bundle'), {recursive: true, force: true})
const {metafile} = await build({
  // The worker threads of `--jobs` run convert-worker.js, found beside the entry (src/pool/worker-script.ts).
  entryPoints: {
    chatmark: at('src/bin.ts'),
    'convert-worker': at('src/convert-worker.ts'),
    index: at('src/index.ts'),
    'test-kit': at('src/test-kit.ts')
  },
  outdir: at('dist/bundle'),
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  conditions: ['chatmark-source'],
  // Less to read and compile at startup; names are kept for readable stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  sourcesContent: false,
  define: {CHATMARK_VERSION: JSON.stringify(version)},
  // CommonJS dependencies (yauzl, yaml, cli-progress) call require() for Node's own modules; sql.js reads
  // __dirname (to find its .wasm, which the OpenCode reader hands it instead).
  banner: {
    js:
      "import {createRequire as __cmRequire} from 'node:module';const require=__cmRequire(import.meta.url);" +
      'const __dirname=import.meta.dirname;'
  },
  metafile: true,
  logLevel: 'warning'
})
// SQLite compiled to WebAssembly, which the OpenCode reader loads only when it reads a database; it looks
// for the file beside its chunk or one folder up (packages/format-opencode/src/load-sqlite.ts).
const fromOpencode = createRequire(at('../format-opencode/package.json'))
await copyFile(fromOpencode.resolve('sql.js/dist/sql-wasm.wasm'), at('dist/bundle/sql-wasm.wasm'))
// The emoji tables the Slack reader loads on first use (packages/format-slack/src/emoji-of.ts), found beside the
// bundle's chunks as in the package.
const fromSlack = createRequire(at('../format-slack/package.json'))
for (const file of ['en/compact.json', 'en/shortcodes/iamcal.json']) {
  await mkdir(at(`dist/bundle/emojibase-data/${file.split('/').slice(0, -1).join('/')}`), {recursive: true})
  await copyFile(fromSlack.resolve(`emojibase-data/${file}`), at(`dist/bundle/emojibase-data/${file}`))
}
// What went where: `npx esbuild --analyze` reads it, or https://esbuild.github.io/analyze/.
await writeFile(at('dist/bundle-meta.json'), JSON.stringify(metafile))
