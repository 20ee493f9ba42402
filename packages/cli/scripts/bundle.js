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
import {dirname, join} from 'node:path'
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
// package), and says where its reader looks for them (the SQLite reader's .wasm, the Slack reader's emoji tables).
// The packages are the workspace packages the command bundles (its devDependencies) and the workspace packages they
// depend on in turn (`@chatmark/sqlite`, which the formats of SQLite databases share), so a new format's files come
// with it.
const manifest = JSON.parse(await readFile(at('package.json'), 'utf8'))
const copied = new Set()
async function copyBundleFiles(packageJson, dependencies) {
  for (const [name, version] of Object.entries(dependencies ?? {})) {
    if (!String(version).startsWith('workspace:') || copied.has(name)) continue
    copied.add(name)
    // pnpm links each workspace dependency into the node_modules/ beside the package that depends on it.
    const path = join(dirname(packageJson), 'node_modules', name, 'package.json')
    const dependency = JSON.parse(await readFile(path, 'utf8'))
    const fromPackage = createRequire(path)
    for (const [target, source] of Object.entries(dependency.bundleFiles ?? {})) {
      await mkdir(dirname(at(`dist/bundle/${target}`)), {recursive: true})
      await copyFile(fromPackage.resolve(source), at(`dist/bundle/${target}`))
    }
    await copyBundleFiles(path, dependency.dependencies)
  }
}
await copyBundleFiles(at('package.json'), manifest.devDependencies)
// What went where: `npx esbuild --analyze` reads it, or https://esbuild.github.io/analyze/.
await writeFile(at('dist/bundle-meta.json'), JSON.stringify(metafile))
