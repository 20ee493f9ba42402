import assert from 'node:assert/strict'
import {readdir, readFile} from 'node:fs/promises'
import {dirname, join, relative, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {test} from 'vitest'

// Core is split by concern, and each concern may only use the ones before it, so that a format, which needs the
// model and the readers, never loads zip, zstd, the Markdown scanner or the unified pipeline.
const root = fileURLToPath(new URL('..', import.meta.url))
const coreSource = join(root, 'packages/core/src')

/** What each folder of core may import from (besides itself). */
const allowed: Record<string, readonly string[]> = {
  model: [],
  read: ['model'],
  unpack: ['model', 'read'],
  render: ['model'],
  write: ['model', 'render'],
  detect: ['model', 'read', 'unpack', 'render']
}
/** Packages that only unpacking, rendering and writing may load. */
const heavy = /^(?:yauzl|fzstd|markdown-it|unified|remark-|rehype-|mdast-util-|micromark|yaml$)/

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, {withFileTypes: true, recursive: true})
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** Every module specifier a file imports or re-exports, statically or with `import()`, types included. */
async function specifiers(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8')
  return Array.from(text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)'([^']+)'/gm), (match) => match[1] ?? '')
}

test('each folder of core imports only the concerns it builds on', async () => {
  const problems: string[] = []
  for (const folder of Object.keys(allowed)) {
    for (const file of await sourceFiles(join(coreSource, folder))) {
      for (const specifier of await specifiers(file)) {
        const name = relative(coreSource, file)
        if (specifier.startsWith('.')) {
          const target = relative(coreSource, resolve(dirname(file), specifier)).split('/')[0] ?? ''
          if (target !== folder && !allowed[folder]?.includes(target)) problems.push(`${name} imports ${specifier}`)
        } else if ((folder === 'model' || folder === 'read') && heavy.test(specifier)) {
          problems.push(`${name} loads ${specifier}`)
        }
      }
    }
  }
  assert.deepEqual(problems, [])
})

test('formats use only the model and the readers of core', async () => {
  const packages = (await readdir(join(root, 'packages'))).filter((name) => name.startsWith('format-'))
  assert.ok(packages.length >= 6)
  const problems: string[] = []
  for (const name of packages) {
    for (const file of await sourceFiles(join(root, 'packages', name, 'src'))) {
      for (const specifier of await specifiers(file)) {
        if (specifier.startsWith('@chatmark/') && !/^@chatmark\/(?:core\/(?:model|read)|sqlite)$/.test(specifier)) {
          problems.push(`${relative(root, file)} imports ${specifier}`)
        }
        if (heavy.test(specifier) && !/^mdast-util-(?:to-markdown|gfm)$|^yaml$/.test(specifier)) {
          problems.push(`${relative(root, file)} loads ${specifier}`)
        }
      }
    }
  }
  assert.deepEqual(problems, [])
})

test('every package but the command builds on core alone: no format, writer or vault knows another', async () => {
  const problems: string[] = []
  for (const name of await readdir(join(root, 'packages'))) {
    if (name === 'cli') continue
    // Every package but the command builds on core alone (the formats on two of its folders: the test above), and
    // the formats of SQLite databases on the one SQLite reader they share, which knows no tool.
    const allowedPackages = name.startsWith('format-')
      ? /^@chatmark\/(?:core(?:\/|$)|sqlite$)/
      : /^@chatmark\/core(?:\/|$)/
    for (const file of await sourceFiles(join(root, 'packages', name, 'src'))) {
      for (const specifier of await specifiers(file)) {
        if (specifier.startsWith('@chatmark/') && !allowedPackages.test(specifier)) {
          problems.push(`${relative(root, file)} imports ${specifier}`)
        }
        if (specifier === 'chatmark' || specifier.startsWith('chatmark/')) {
          problems.push(`${relative(root, file)} imports ${specifier}`)
        }
      }
    }
  }
  assert.deepEqual(problems, [])
})
