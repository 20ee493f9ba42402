import {spawn} from 'node:child_process'
import {delimiter, dirname} from 'node:path'
import {inject} from 'vitest'

/** The `chatmark` package as a user installs it: `npm pack`, then `npm install -g` into an empty prefix. */
export interface InstalledPackage {
  /** The tarball `npm pack` wrote. */
  tarball: string
  /** The prefix it was installed into (`npm install -g --prefix`). */
  prefix: string
  /** The `chatmark` command npm linked into the prefix's `bin/`. */
  bin: string
  /** The installed package's folder (`lib/node_modules/chatmark`), for `import 'chatmark'` from elsewhere. */
  packageRoot: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    installedPackage: InstalledPackage
  }
}

/** The package installed for this run by `test/setup/installed-package.ts`. */
export function installedPackage(): InstalledPackage {
  return inject('installedPackage')
}

/** Where {@link runInstalled} runs, and what it is given. */
export interface InstalledRunOptions {
  cwd: string
  /** Variables set on top of a user's environment (see {@link userEnvironment}). */
  env?: Record<string, string>
  /** Start from these variables instead of this process's: a fake home's own environment. */
  baseEnv?: NodeJS.ProcessEnv
  stdin?: string
}

/** What a run printed, and how it ended. */
export interface InstalledRun {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * The environment of a command as a user runs it: without the `NODE_PATH`
 * that pnpm's `.bin` shims (vitest's, turbo's) set to the workspace's
 * `node_modules/.pnpm/node_modules`, through which a module the package lacks
 * would still be found, and with the installed prefix's `bin/` first on `PATH`.
 */
export function userEnvironment(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const {NODE_PATH: _, ...env} = base
  const bin = dirname(installedPackage().bin)
  return {...env, PATH: [bin, dirname(process.execPath), base.PATH ?? process.env.PATH].join(delimiter)}
}

/** Runs the installed `chatmark ARGS` (as a user types it, through npm's link) and collects its output. */
export function runInstalled(args: readonly string[], options: InstalledRunOptions): Promise<InstalledRun> {
  return runCommand(installedPackage().bin, args, options)
}

/** Runs `command ARGS` in a user's environment with the installed package on `PATH`, and collects its output. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: InstalledRunOptions
): Promise<InstalledRun> {
  const env = {...userEnvironment(options.baseEnv), ...options.env}
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({code, stdout, stderr}))
    child.stdin.on('error', () => {})
    child.stdin.end(options.stdin ?? '')
  })
}
