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
import {dirname} from 'node:path'
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
// Data files a workspace package loads at run time, which esbuild cannot follow: each package names them in its
// package.json as `bundleFiles` (a path in dist/bundle/ to the module path it is copied from, resolved from that
// package), and says where its reader looks for them (the OpenCode reader's SQLite .wasm, the Slack reader's
// emoji tables). The packages are the workspace packages the command bundles (its devDependencies), so a new
// format's files come with it.
const manifest = JSON.parse(await readFile(at('package.json'), 'utf8'))
for (const [name, version] of Object.entries(manifest.devDependencies)) {
  if (!String(version).startsWith('workspace:')) continue
  // pnpm links each workspace dependency into node_modules/.
  const fromPackage = createRequire(at(`node_modules/${name}/package.json`))
  const {bundleFiles = {}} = JSON.parse(await readFile(at(`node_modules/${name}/package.json`), 'utf8'))
  for (const [target, source] of Object.entries(bundleFiles)) {
    await mkdir(dirname(at(`dist/bundle/${target}`)), {recursive: true})
    await copyFile(fromPackage.resolve(source), at(`dist/bundle/${target}`))
  }
}
// What went where: `npx esbuild --analyze` reads it, or https://esbuild.github.io/analyze/.
await writeFile(at('dist/bundle-meta.json'), JSON.stringify(metafile))
