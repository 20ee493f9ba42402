import {lock} from 'proper-lockfile'

/** Another sync holds the vault. */
export class VaultLockedError extends Error {
  constructor(readonly vault: string) {
    super(
      `another chatmark sync is writing to ${vault}: wait for it to end (a lock left by a run that was killed ` +
        'expires within a minute)'
    )
    this.name = 'VaultLockedError'
  }
}

/**
 * Takes the vault's lock (`.chatmark/lock`, a folder made atomically, its time
 * refreshed while the run lasts; one older than a minute is stale and taken
 * over), so that two runs cannot interleave their writes to notes and state.
 * Returns the release.
 */
export async function lockVault(stateDir: string, vault: string): Promise<() => Promise<void>> {
  try {
    return await lock(stateDir, {
      lockfilePath: `${stateDir}/lock`,
      stale: 60_000,
      update: 15_000,
      retries: 0,
      // The library's default throws from a timer (ending the process) when the lock's folder was removed or
      // taken over under a run; the run's own writes are atomic, so it finishes instead.
      onCompromised: () => {}
    })
  } catch (error) {
    if ((error as {code?: unknown}).code === 'ELOCKED') throw new VaultLockedError(vault)
    throw error
  }
}
