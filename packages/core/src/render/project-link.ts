/**
 * The name of a project's note: the last folder of its path (`demo` for
 * `/home/ana/src/demo`), or the name a tool gives the project, safe as a note's
 * name and inside a wikilink (no `\ : * ? " < > | # ^ [ ]`, control or format
 * characters; no dot or space at either end); `project` when nothing is left.
 * A vault's index note of the project has this name unless another project's
 * folder has it too (`projectNames` of `@chatmark/vault`).
 */
export function projectNoteName(project: string): string {
  const last = project.split(/[\\/]/).filter(Boolean).at(-1) ?? ''
  return (
    last
      .normalize('NFC')
      .replace(/\p{Cf}/gu, '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f-\u009f\\:*?"<>|#^[\]]/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.]+|[\s.]+$/g, '') || 'project'
  )
}

/**
 * The Obsidian profile's `project` property when no vault says where the
 * project's note is: a wikilink by the project's name (`[[demo]]`, see
 * {@link projectNoteName}). Obsidian resolves a link by name to the note of
 * that name wherever it is, so the notes of one project link to one note
 * (its backlinks list them) even before it exists, and to a vault's index
 * note `projects/demo.md` once the notes are in one.
 */
export function projectLink(project: string): string {
  return `[[${projectNoteName(project)}]]`
}
