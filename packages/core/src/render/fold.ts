import type {ChatmarkFold, Flow, FoldKind} from './mdast-nodes.js'

/** A fold of `children` under chatmark's own `title`. */
export function fold(kind: FoldKind, title: string, children: Flow[]): ChatmarkFold {
  return {type: 'chatmarkFold', kind, title, children}
}
