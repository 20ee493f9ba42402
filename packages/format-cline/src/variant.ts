/** Which tool a task or session is: Cline, or the forks whose files are Cline's in shape. */
export type Variant = 'cline' | 'roo-code' | 'kilo-code'

/**
 * The extensions' folder names under `globalStorage/` (VS Code lowercases the
 * publisher and name: `saoudrizwan.claude-dev`, `RooVeterinaryInc.roo-cline`,
 * `kilocode.Kilo-Code`), and the tool each is.
 */
export const extensions: Readonly<Record<string, Variant>> = {
  'saoudrizwan.claude-dev': 'cline',
  'rooveterinaryinc.roo-cline': 'roo-code',
  'kilocode.kilo-code': 'kilo-code'
}

/** The tool a path names by its extension folder, if it names one. */
export function variantOfPath(path: string): Variant | undefined {
  const lower = path.toLowerCase()
  for (const [extension, variant] of Object.entries(extensions)) {
    if (lower.includes(`/${extension}/`) || lower.includes(`\\${extension}\\`)) return variant
  }
  return undefined
}
