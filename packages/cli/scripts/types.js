// Rolls the type declarations of the library entry (`chatmark`) and of the
// test kit (`chatmark/test-kit`) up into dist/types/, one file each, with the
// workspace packages' declarations (@chatmark/core and the rest) inlined: the
// package people install has no workspace dependency, so its types may name
// none. The types of registry packages the API speaks in (mdast, unified,
// vfile...) stay imports, and the package depends on those packages for them.
// `pnpm build` runs this after `tsc -b`, which wrote the declarations it reads.
import {readFile, rm} from 'node:fs/promises'
import {isBuiltin} from 'node:module'
import {fileURLToPath} from 'node:url'
import {rollup} from 'rollup'
import {dts} from 'rollup-plugin-dts'

const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url))
const {dependencies = {}} = JSON.parse(await readFile(at('package.json'), 'utf8'))
const packageOf = (id) =>
  id
    .split('/')
    .slice(0, id.startsWith('@') ? 2 : 1)
    .join('/')
const bare = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0')

await rm(at('dist/types'), {recursive: true, force: true})
// One build per entry: a chunk of declarations shared by both would name types neither entry exports.
for (const entry of ['index', 'test-kit']) {
  const bundle = await rollup({
    input: at(`dist/${entry}.d.ts`),
    plugins: [dts({respectExternal: true, tsconfig: at('tsconfig.json')})],
    external: (id) => bare(id) && !id.startsWith('@chatmark/'),
    onwarn: (warning) => {
      throw new Error(`types of ${entry}: ${warning.message}`)
    }
  })
  const {output} = await bundle.write({file: at(`dist/types/${entry}.d.ts`), format: 'es'})
  await bundle.close()
  // A type import of a package the manifest does not depend on would fail for whoever installs the package.
  for (const id of output.flatMap((chunk) => (chunk.type === 'chunk' ? chunk.imports : []))) {
    const name = packageOf(id)
    const declared = name in dependencies || `@types/${name}` in dependencies
    if (!isBuiltin(id) && !declared) throw new Error(`types of ${entry} import ${id}, not a dependency of chatmark`)
  }
}
