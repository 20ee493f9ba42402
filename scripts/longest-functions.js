// Prints the longest functions (and classes) of the packages' sources, in lines, longest first: the figure issue
// 26 tracks for "state lives in named records with small steps, not long closures". A function's lines include
// those of the functions inside it, which are listed too. `node scripts/longest-functions.js [count]` (15).
import {readdirSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import ts from 'typescript'

const root = fileURLToPath(new URL('../', import.meta.url))

/**
 * Every `.ts` file under `dir`.
 * @param {string} dir
 * @returns {string[]}
 */
function sources(dir) {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/**
 * The name a function-like node is known by: its own, or that of the variable, property or class holding it.
 * @param {ts.Node} node
 * @returns {string}
 */
function nameOf(node) {
  const own = /** @type {{name?: ts.Node}} */ (node).name
  if (own) return own.getText()
  const parent = node.parent
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
  )
    return parent.name.getText()
  return ts.isConstructorDeclaration(node) ? 'constructor' : '(anonymous)'
}

/**
 * Every function and class of the packages' sources with its length in lines.
 * @returns {Array<{name: string, kind: string, lines: number, at: string}>}
 */
export function functionLengths() {
  /** @type {Array<{name: string, kind: string, lines: number, at: string}>} */
  const found = []
  const packages = join(root, 'packages')
  for (const pkg of readdirSync(packages)) {
    const src = join(packages, pkg, 'src')
    let files
    try {
      files = sources(src)
    } catch {
      continue
    }
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
      /** @param {ts.Node} node */
      const visit = (node) => {
        const isClass = ts.isClassDeclaration(node) || ts.isClassExpression(node)
        if ((ts.isFunctionLike(node) && 'body' in node && node.body) || isClass) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
          const {line} = source.getLineAndCharacterOfPosition(node.getStart(source))
          found.push({
            name: nameOf(node),
            kind: isClass ? 'class' : 'function',
            lines: end - start + 1,
            at: `${relative(root, file)}:${line + 1}`
          })
        }
        ts.forEachChild(node, visit)
      }
      visit(source)
    }
  }
  return found.sort((a, b) => b.lines - a.lines || a.at.localeCompare(b.at))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = Number(process.argv[2] ?? 15)
  const all = functionLengths()
  for (const kind of ['function', 'class']) {
    console.log(`${kind === 'function' ? 'Functions' : 'Classes'}, longest first (lines):`)
    for (const {name, lines, at} of all.filter((item) => item.kind === kind).slice(0, count)) {
      console.log(`${String(lines).padStart(5)}  ${name}  ${at}`)
    }
  }
}
