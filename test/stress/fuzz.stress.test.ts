import {fuzzTests} from '../hostile/fuzz-properties.js'

// The fuzz of the readers and the renderer (test/hostile/fuzz-properties.ts) at length: 300,000 generated inputs
// (9,000 conversions, 9,000 renders, 282,000 reader cases) unless FUZZ_RUNS says otherwise.
fuzzTests(Number(process.env['FUZZ_RUNS'] ?? 300_000))
