import {mutatedInputTests} from '../hostile/mutated-input-tests.js'

// The damaged real files of test/hostile/mutated-inputs.test.ts at length: forty rounds of every kind of damage to
// every file input of the fixtures and the corpus (about 48,000 inputs) unless MUTATION_ROUNDS says otherwise.
mutatedInputTests(Number(process.env['MUTATION_ROUNDS'] ?? 40))
