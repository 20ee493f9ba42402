import {spawn} from 'node:child_process'

/**
 * Runs a shell script in a new user and mount namespace, as root there (`unshare`), so that the disks it mounts
 * (tmpfs that fills up or turns read-only) are seen by nothing outside it; its output (stdout and stderr as they
 * came) and status.
 */
export function inNamespace(script: string, cwd: string): Promise<{code: number | null; output: string}> {
  return new Promise((resolve, reject) => {
    const child = spawn('unshare', ['--mount', '--map-root-user', 'sh', '-c', script], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({code, output}))
  })
}
