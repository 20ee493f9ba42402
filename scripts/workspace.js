// The workspace's wiring, derived from the folders of packages/: which packages there are, each one's coverage
// floor, and the files that must name every format package (the build graph's tsconfig.json references, the
// command's dependencies). vitest.config.ts reads it directly; ./wire-workspace.js writes the files that cannot
// compute, and test/workspace-wiring.test.ts fails when one of them is stale.
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

/**
 * @typedef {{lines: number, branches: number, functions: number, statements: number}} CoverageFloor
 * @typedef {{dir: string, name: string, manifest: Record<string, unknown>}} WorkspacePackage
 */

/** The prefix of a format plugin's folder: `packages/format-<name>/` holds the format named `<name>`. */
export const formatPrefix = 'format-'

/** The formatter's line width (biome.json). */
const formatterWidth = 120

/** The folder that holds the command, which bundles every built-in format. */
export const commandDir = 'cli'

/**
 * The coverage (percent) a package's sources must keep when its package.json declares no `coverageFloor`:
 * the lowest floor any format had when floors moved into the packages, so a new format starts as well tested.
 * @type {Readonly<CoverageFloor>}
 */
export const defaultCoverageFloor = Object.freeze({lines: 95, branches: 80, functions: 95, statements: 93})

/**
 * Every folder of `packages/` with a package.json, by folder name.
 * @param {string} root the repository
 * @returns {WorkspacePackage[]}
 */
export function workspacePackages(root) {
  const packagesDir = join(root, 'packages')
  return readdirSync(packagesDir, {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && existsSync(join(packagesDir, entry.name, 'package.json')))
    .map((entry) => {
      const manifest = JSON.parse(readFileSync(join(packagesDir, entry.name, 'package.json'), 'utf8'))
      return {dir: entry.name, name: manifest.name, manifest}
    })
    .sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0))
}

/**
 * The format plugins' packages (`packages/format-*`), by folder name.
 * @param {string} root the repository
 */
export function formatPackages(root) {
  return workspacePackages(root).filter((pkg) => pkg.dir.startsWith(formatPrefix))
}

/**
 * The package's own `coverageFloor` (package.json), or the default; a `//` key may say why.
 * @param {WorkspacePackage} pkg
 * @returns {CoverageFloor}
 */
export function coverageFloor(pkg) {
  const declared = /** @type {Partial<CoverageFloor> | undefined} */ (pkg.manifest['coverageFloor'])
  const floor = {...defaultCoverageFloor}
  for (const kind of /** @type {const} */ (['lines', 'branches', 'functions', 'statements'])) {
    const value = declared?.[kind]
    if (value === undefined) continue
    if (typeof value !== 'number' || value < 0 || value > 100)
      throw new Error(`packages/${pkg.dir}/package.json: coverageFloor.${kind} must be a percentage (got ${value})`)
    floor[kind] = value
  }
  return floor
}

/**
 * The files whose content follows from the packages, with the content they must have (path relative to the
 * repository). The command's package.json depends on every format package (the bundle takes them from the
 * workspace, and turbo builds them first) and its tsconfig.json references every workspace package it depends on;
 * the root tsconfig.json references the packages no other package references, the ends of the graph that `tsc -b`
 * follows (so a new format, referenced by the command, leaves it as it is). Everything else in those files is kept.
 * @param {string} root the repository
 * @returns {Map<string, string>}
 */
export function wiredFiles(root) {
  const packages = workspacePackages(root)
  const files = new Map()

  const manifestPath = `packages/${commandDir}/package.json`
  const manifest = JSON.parse(readText(root, manifestPath))
  /** @type {Record<string, string>} */
  const devDependencies = {...manifest.devDependencies}
  for (const pkg of formatPackages(root)) devDependencies[pkg.name] = 'workspace:*'
  manifest.devDependencies = sortedKeys(devDependencies)
  files.set(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)

  const byName = new Map(packages.map((pkg) => [pkg.name, pkg.dir]))
  const commandReferences = Object.keys({...manifest.dependencies, ...manifest.devDependencies})
    .map((name) => byName.get(name))
    .filter((dir) => dir !== undefined)
    .sort()
  const configPath = `packages/${commandDir}/tsconfig.json`
  files.set(
    configPath,
    withReferences(
      readText(root, configPath),
      commandReferences.map((dir) => `../${dir}`)
    )
  )

  const built = packages.map((pkg) => pkg.dir).filter((dir) => existsSync(join(root, 'packages', dir, 'tsconfig.json')))
  const referenced = new Set(commandReferences)
  for (const dir of built) {
    if (dir === commandDir) continue
    /** @type {{references?: Array<{path: string}>}} */
    const config = JSON.parse(readText(root, `packages/${dir}/tsconfig.json`))
    for (const reference of config.references ?? []) referenced.add(reference.path.replace(/^\.\.\//, ''))
  }
  files.set(
    'tsconfig.json',
    withReferences(
      readText(root, 'tsconfig.json'),
      built.filter((dir) => !referenced.has(dir)).map((dir) => `packages/${dir}`)
    )
  )
  return files
}

/**
 * @param {string} root
 * @param {string} path
 */
function readText(root, path) {
  return readFileSync(join(root, path), 'utf8')
}

/**
 * The tsconfig.json text with its top-level `references` replaced, laid out as the formatter (biome.json) lays them
 * out: on one line when they fit its width, else one per line; the rest of the text (comments, layout) is left alone.
 * @param {string} text
 * @param {string[]} paths
 */
function withReferences(text, paths) {
  const references = /\n {2}"references": \[[^\]]*\]/
  if (!references.test(text)) throw new Error('expected a top-level "references" array in tsconfig.json')
  const items = paths.map((path) => `{ "path": ${JSON.stringify(path)} }`)
  const oneLine = `  "references": [${items.join(', ')}]`
  const laidOut =
    oneLine.length <= formatterWidth
      ? oneLine
      : `  "references": [\n${items.map((item) => `    ${item}`).join(',\n')}\n  ]`
  return text.replace(references, () => `\n${laidOut}`)
}

/**
 * The record with its keys in code-point order, as pnpm writes dependencies.
 * @param {Record<string, string>} record
 */
function sortedKeys(record) {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}
