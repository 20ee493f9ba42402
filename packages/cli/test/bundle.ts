import {spawn} from 'node:child_process'
import {existsSync} from 'node:fs'
import {cp, mkdtemp} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

/** The bundled command that the build makes (`tsc -b`, then `node packages/cli/scripts/bundle.js`). */
export const bundleDir = fileURLToPath(new URL('../dist/bundle/', import.meta.url))

/** The bundle's entry, after checking that the build has made it. */
export function bundleEntry(): string {
  const entry = join(bundleDir, 'chatmark.js')
  if (!existsSync(entry)) {
    throw new Error(`${entry} is missing: build first (npx tsc -b && node packages/cli/scripts/bundle.js)`)
  }
  return entry
}

/**
 * A copy of the bundle's files in a new temporary folder, with no
 * `node_modules` in it or above it: what runs from there needs nothing else.
 */
export async function copiedBundle(): Promise<string> {
  bundleEntry()
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-bundle-'))
  await cp(bundleDir, dir, {recursive: true})
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'node_modules'))) throw new Error(`${at} has a node_modules folder: not an empty place`)
    if (dirname(at) === at) break
  }
  return join(dir, 'chatmark.js')
}

/** What a run of `node <args>` printed, and how it ended. */
export interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * The environment of a command as a user runs it: without the `NODE_PATH`
 * that pnpm's `.bin` shims (vitest's, turbo's) set to the workspace's
 * `node_modules/.pnpm/node_modules`, through which a module the bundle lacks
 * would still be found.
 */
export function userEnvironment(): NodeJS.ProcessEnv {
  const {NODE_PATH: _, ...env} = process.env
  return env
}

/** Runs `node <args>` in `cwd`, as a user would (see {@link userEnvironment}), and collects its output. */
export function runNode(args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {cwd, env: userEnvironment(), stdio: ['ignore', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({code, stdout, stderr}))
  })
}
