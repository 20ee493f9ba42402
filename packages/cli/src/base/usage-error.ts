/** A mistake in the command line (exit status 2). */
export class UsageError extends Error {
  /**
   * Whether the report ends by pointing to `--help`. Not when the message
   * already holds the fix (`did you mean '--output'?`): one line says it all.
   */
  readonly tryHelp: boolean

  constructor(message: string, options: {tryHelp?: boolean} = {}) {
    super(message)
    this.tryHelp = options.tryHelp ?? true
  }
}
