import {existsSync} from 'node:fs'

/** How to start a worker: a file (or, with `eval`, code) and the Node options it runs with. */
export interface WorkerScript {
  source: string | URL
  eval: boolean
  execArgv: string[]
}

/**
 * The worker that converts inputs (`convert-worker.ts`), wherever this code
 * runs from: the esbuild bundle (`dist/bundle/convert-worker.js`, beside the
 * entry or one folder above the chunk this code is in), tsc's output
 * (`dist/convert-worker.js`, one folder up from `dist/pool/`), or the
 * TypeScript source under vitest or tsx, where the worker
 * registers tsx before importing it (a worker does not inherit the loader
 * hooks of the thread that starts it, in Node 20).
 */
export function convertWorkerScript(): WorkerScript {
  const here = import.meta.url
  if (here.endsWith('.ts')) {
    const target = JSON.stringify(new URL('../convert-worker.ts', here).href)
    return {
      source: `import('tsx/esm/api').then(({register}) => { register(); return import(${target}) })`,
      eval: true,
      execArgv: ['--conditions', 'chatmark-source']
    }
  }
  for (const candidate of ['./convert-worker.js', '../convert-worker.js']) {
    const url = new URL(candidate, here)
    if (existsSync(url)) return {source: url, eval: false, execArgv: []}
  }
  throw new Error(`cannot find convert-worker.js beside ${here}: is the command built?`)
}
