import type {Turn} from '@chatmark/core/model'

/** Names each turn's author: the person, or the tool's participant (`cline`, `roo-code`...) for the assistant. */
export function withAuthors(turns: Turn[], assistant: string): Turn[] {
  for (const turn of turns) {
    if (turn.role === 'user') turn.author = 'user'
    else if (turn.role === 'assistant') turn.author = assistant
  }
  return turns
}
