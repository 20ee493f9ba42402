import {fuzzTests} from './fuzz-properties.js'

// The fuzz of the readers and the renderer (fuzz-properties.ts) at the default suite's length; the stress run
// draws thirty times as many inputs.
fuzzTests(Number(process.env['FUZZ_RUNS'] ?? 10_000))
