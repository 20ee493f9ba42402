/** A mistake in the command line (exit status 2). */
export class UsageError extends Error {}
