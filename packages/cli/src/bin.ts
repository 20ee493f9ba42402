#!/usr/bin/env node
import process from 'node:process'
import {main} from './main.js'

main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stderrStream: process.stderr,
  stdin: process.stdin,
  cwd: process.cwd()
}).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(
      `chatmark: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`
    )
    process.exitCode = 1
  }
)
