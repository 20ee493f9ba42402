import type {Conversation, FormatPlugin, Input, Verdict} from '@chatmark/core'

/** A format whose detector answers `verdict` (or throws it) and whose parser yields one fixed turn. */
export function fakeFormat(name: string, verdict: Verdict | Error, text = `read by ${name}`): FormatPlugin {
  return {
    name,
    description: `fake ${name}`,
    extensions: ['.fake'],
    detect() {
      if (verdict instanceof Error) throw verdict
      return verdict
    },
    async *parse(input) {
      yield conversation(name, input.name, text)
    }
  }
}

/** A minimal conversation with one user turn. */
export function conversation(format: string, id: string, text: string): Conversation {
  return {
    id,
    source: {format},
    participants: [],
    metadata: {},
    turns: [{role: 'user', parts: [{type: 'text', text}]}],
    fidelity: {}
  }
}

/** An input handed out in chunks of `size` bytes, to test reads across chunk boundaries. */
export function chunked(text: string, size: number, name = 'chunked'): Input {
  const bytes = Buffer.from(text)
  return {
    name,
    async *open() {
      for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size)
    },
    async head(count) {
      return bytes.subarray(0, count)
    }
  }
}
