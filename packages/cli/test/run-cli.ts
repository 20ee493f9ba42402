import {Readable} from 'node:stream'
import {main} from 'chatmark'
import {fileURLToPath} from 'node:url'

/** The repository root, the working directory of CLI runs in tests. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

/** Runs the CLI in-process with captured output. */
export async function runCli(argv: string[], stdin = ''): Promise<{code: number; stdout: string; stderr: string}> {
  let stdout = ''
  let stderr = ''
  const code = await main(argv, {
    stdout: {write: (chunk: string) => (stdout += chunk)},
    stderr: {write: (chunk: string) => (stderr += chunk)},
    stdin: Readable.from([Buffer.from(stdin)]),
    cwd: repoRoot
  })
  return {code, stdout, stderr}
}
