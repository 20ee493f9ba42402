/** What an error says, for a message: its own message, or the value thrown as text. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
