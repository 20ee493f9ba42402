import {mutatedInputTests} from '../hostile/mutated-input-tests.js'

// The damaged real files of test/hostile/mutated-inputs.test.ts at length: ten rounds of every kind of damage to
// every file input of the fixtures and the corpus (about 12,000 inputs) unless MUTATION_ROUNDS says otherwise
// (40 for the long run: about 48,000 inputs), and one round converted by the installed command.
mutatedInputTests(Number(process.env['MUTATION_ROUNDS'] ?? 10), {installed: true})
