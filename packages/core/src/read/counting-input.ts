import type {Input} from './input.js'

/**
 * An input that reports how many bytes of it have been read, for a progress
 * bar. Only `open()` counts: the dispatcher's look at the head does not.
 */
export function countingInput(input: Input, onBytes: (bytes: number) => void): Input {
  return {
    ...input,
    async *open() {
      let total = 0
      for await (const chunk of input.open()) {
        total += chunk.byteLength
        onBytes(total)
        yield chunk
      }
    }
  }
}
