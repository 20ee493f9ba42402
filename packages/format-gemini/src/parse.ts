import type {Conversation, Input, ParseContext} from '@chatmark/core'

/** TODO */
export async function* parse(_input: Input, _context: ParseContext): AsyncGenerator<Conversation> {}
