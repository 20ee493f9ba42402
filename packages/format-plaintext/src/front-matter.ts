/** The most lines a leading `---` block may have and still be read as front matter. */
export const maxFrontMatterLines = 200

// Keys, indented continuations, list items, comments and blank lines: the
// shape of a YAML mapping. A `---` rule followed by prose is not front matter.
const yamlLine = /^(?:[\w$.-][\w$ .-]*:(?:[ \t]|$)|[ \t]|- |-$|#|$)/
const titleLine = /^title:[ \t]*(.*?)[ \t]*$/

/** Whether `line` could be inside YAML front matter. */
export function isFrontMatterLine(line: string): boolean {
  return yamlLine.test(line)
}

/** Whether `line` ends a front matter block (`---` or `...`). */
export function endsFrontMatter(line: string): boolean {
  const trimmed = line.trimEnd()
  return trimmed === '---' || trimmed === '...'
}

/**
 * The `title:` of front matter when it is a one-line scalar. Only that is
 * read: the block is otherwise counted as skipped, which is cheaper and more
 * honest than half-parsing YAML without a YAML parser.
 */
export function frontMatterTitle(lines: readonly string[]): string | undefined {
  for (const line of lines) {
    const value = titleLine.exec(line)?.[1]
    if (value === undefined) continue
    const unquoted = /^(["'])(.*)\1$/.exec(value)?.[2] ?? value
    return unquoted && !/^[|>[{&*!]/.test(unquoted) ? unquoted : undefined
  }
  return undefined
}
