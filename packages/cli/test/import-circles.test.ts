import assert from 'node:assert/strict'
import {readdir, readFile} from 'node:fs/promises'
import {dirname, join, relative, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import ts from 'typescript'
import {test} from 'vitest'

const source = fileURLToPath(new URL('../src/', import.meta.url))

/** Every TypeScript file under `folder`, absolute. */
async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, {recursive: true, withFileTypes: true})
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/**
 * What each file imports of the others: static imports, `import type`, re-exports and `import()` alike (a circle
 * through a type or a lazy import still ties two parts together). TypeScript's own scanner finds them.
 */
async function importGraph(files: readonly string[]): Promise<Map<string, string[]>> {
  const known = new Set(files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const {importedFiles} = ts.preProcessFile(await readFile(file, 'utf8'), true, true)
    const targets = importedFiles
      .map(({fileName}) => fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, '.ts')))
      .filter((target) => known.has(target))
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** Each import circle of `graph` once, as the files around it (the first repeated at the end). */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = []
  const done = new Set<string>()
  const path: string[] = []
  const visit = (file: string): void => {
    const at = path.indexOf(file)
    if (at >= 0) {
      found.push([...path.slice(at), file])
      return
    }
    if (done.has(file)) return
    path.push(file)
    for (const target of graph.get(file) ?? []) visit(target)
    path.pop()
    done.add(file)
  }
  for (const file of [...graph.keys()].sort()) visit(file)
  return found
}

test('packages/cli/src has no import circle', async () => {
  const graph = await importGraph(await sourceFiles(source))
  assert.ok(graph.size > 40, `found ${graph.size} source files`)
  const named = circles(graph).map((circle) => circle.map((file) => relative(source, file)).join(' -> '))
  assert.deepEqual(named, [])
})

test('the folders of packages/cli/src depend on each other one way: no circle between folders either', async () => {
  // The files at the root compose the folders (main.ts, the worker's entry, the library's); a folder never imports
  // one: what every folder may use is in base/.
  const folderOf = (file: string): string => relative(source, file).split('/').slice(0, -1).join('/') || '(root)'
  const folders = new Map<string, Set<string>>()
  for (const [file, targets] of await importGraph(await sourceFiles(source))) {
    const from = folders.get(folderOf(file)) ?? new Set<string>()
    for (const target of targets) if (folderOf(target) !== folderOf(file)) from.add(folderOf(target))
    folders.set(folderOf(file), from)
  }
  assert.ok(folders.size >= 10, `found ${folders.size} folders`)
  const importingRoot = [...folders].filter(([name, to]) => name !== '(root)' && to.has('(root)'))
  assert.deepEqual(
    importingRoot.map(([name]) => name),
    [],
    'folders that import a root file'
  )
  const graph = new Map([...folders].map(([name, to]) => [name, [...to]]))
  assert.deepEqual(
    circles(graph).map((circle) => circle.join(' -> ')),
    []
  )
})

test('the check finds a circle, through a type or a lazy import too', () => {
  const graph = new Map([
    ['main.ts', ['sync.ts']],
    ['sync.ts', ['progress.ts']],
    ['progress.ts', ['main.ts']],
    ['leaf.ts', []]
  ])
  assert.deepEqual(circles(graph), [['main.ts', 'sync.ts', 'progress.ts', 'main.ts']])
  assert.deepEqual(
    circles(
      new Map([
        ['a.ts', ['b.ts']],
        ['b.ts', []]
      ])
    ),
    []
  )
})
