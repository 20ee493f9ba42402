import type {Root as HastRoot} from 'hast'
import type {Nodes, Root} from 'mdast'
import type {Handler, Options, State} from 'mdast-util-to-hast'
import {defaultHandlers, toHast} from 'mdast-util-to-hast'
import type {Plugin} from 'unified'
import type {VFile} from 'vfile'

/**
 * mdast node types whose conversion uses what mdast-util-to-hast gathers over a whole tree before converting it:
 * link and footnote definitions, and the footnote calls it numbers and lists at the end. A tree that holds one
 * gets a state of its own.
 */
const treeWide: ReadonlySet<string> = new Set([
  'definition',
  'footnoteDefinition',
  'footnoteReference',
  'linkReference',
  'imageReference'
])

/**
 * A unified plugin: mdast to hast with mdast-util-to-hast, as remark-rehype does (`toHast(tree, {file,
 * ...options})`), but with one conversion state per file where remark-rehype makes one per run. The HTML writer
 * runs the processor once per turn of a page, with the page's file: a state per run was a copy of every handler
 * (mdast-util-to-hast's 27 and chatmark's 8) and a walk of the turn's tree, about half of the conversion's time,
 * and the copies lived long enough to be promoted to V8's old generation (50 MB of a 100 MB session's page). A
 * state holds nothing of the trees it converts but what definitions and footnotes gather, so a tree that has one
 * ({@link treeWide}) is converted with a state of its own, exactly as before.
 */
export const remarkToHast: Plugin<[Options], Root, HastRoot> = (options) => {
  const states = new WeakMap<VFile, State>()
  return (tree, file) => {
    if (hasTreeWide(tree)) return toHast(tree, {...options, file}) as HastRoot
    let state = states.get(file)
    if (!state) {
      state = pageState({...options, file})
      states.set(file, state)
    }
    const result = state.one(tree, undefined)
    if (Array.isArray(result)) return {type: 'root', children: result}
    return (result ?? {type: 'root', children: []}) as HastRoot
  }
}

/**
 * mdast-util-to-hast's state for `options`, as `toHast` makes it: taken from the root handler of a conversion of
 * an empty tree (the package exports no other way to make one), the root handler then put back.
 */
function pageState(options: Options): State {
  let made: State | undefined
  const settings: Options = {
    ...options,
    handlers: {
      ...options.handlers,
      root(state) {
        made = state
        return []
      }
    }
  }
  toHast({type: 'root', children: []}, settings)
  if (!made) throw new Error('mdast-util-to-hast did not convert the root')
  settings.handlers = options.handlers
  made.handlers['root'] = (options.handlers?.['root'] ?? defaultHandlers.root) as Handler
  return made
}

/** Whether `tree` holds a node of a {@link treeWide} type. A loop over a stack: trees nest as deep as their text. */
function hasTreeWide(tree: Root): boolean {
  const stack: Nodes[] = [tree]
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (treeWide.has(node.type)) return true
    if ('children' in node) for (const child of node.children) stack.push(child)
  }
  return false
}
