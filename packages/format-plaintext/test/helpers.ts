import type {Conversation, Detection, Input, ReadOptions, Role, Verdict} from '@chatmark/core'
import {createNormalizer, inputFromBytes, noticeWords, sampleFromBytes} from '@chatmark/core'
import type {VFile} from 'vfile'
import type {Options} from '@chatmark/format-plaintext'
import {plaintext} from '@chatmark/format-plaintext'

const roleLabels: Record<Role, string> = {
  user: 'User',
  assistant: 'Assistant',
  system: 'System',
  tool: 'Tool',
  other: 'Other'
}

/** What reading an input with only plain text registered gives. */
export interface Read {
  detection: Detection
  file: VFile
  conversations: Conversation[]
  /** The first conversation's turns as `[speaker, text]`, the speaker as the note's turn heading names it. */
  turns: Array<[string, string]>
}

/** The plain-text verdict for some text or bytes (the whole input as the sample). */
export function verdictOf(input: string | Uint8Array, options?: Options, name = 'input.txt'): Verdict {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input
  return plaintext(options).detect(sampleFromBytes(bytes, {name, complete: true, size: bytes.byteLength}))
}

/** Reads an input through a normalizer holding only plain text. */
export async function read(
  input: string | Uint8Array | Input,
  options?: Options,
  readOptions?: ReadOptions
): Promise<Read> {
  const normalizer = createNormalizer({builtins: [plaintext(options)]})
  const source =
    typeof input === 'string'
      ? inputFromBytes(Buffer.from(input, 'utf8'), '<string>')
      : input instanceof Uint8Array
        ? inputFromBytes(input)
        : input
  const {detection, file, conversations} = await normalizer.normalize(source, readOptions)
  const names = new Map(conversations[0]?.participants.map((participant) => [participant.id, participant.name]))
  const turns = (conversations[0]?.turns ?? []).map((turn): [string, string] => [
    (turn.author && names.get(turn.author)) || roleLabels[turn.role],
    turn.parts
      .map((part) => (part.type === 'branch' ? '' : part.type === 'notice' ? noticeWords(part).text : part.text))
      .join('\n')
  ])
  return {detection, file, conversations, turns}
}
