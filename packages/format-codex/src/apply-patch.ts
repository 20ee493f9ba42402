/** The files an `apply_patch` patch touches, as one line (`Update src/a.ts, Add src/b.ts`). */
export function patchSummary(patch: string): string | undefined {
  const files: string[] = []
  for (const match of patch.matchAll(/^\*\*\* (Add|Update|Delete) File: (.+)$/gm))
    files.push(`${match[1]} ${match[2]?.trim()}`)
  return files.length > 0 ? files.join(', ') : undefined
}

/** Whether a string is an `apply_patch` patch. */
export function isPatch(text: string): boolean {
  return text.trimStart().startsWith('*** Begin Patch')
}
