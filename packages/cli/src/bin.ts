#!/usr/bin/env node
import process from 'node:process'
import {command} from './command.js'

const {code, outputClosed} = await command(process)
process.exitCode = code
// The output is gone: end now, rather than wait for anything still open.
if (outputClosed) process.exit()
