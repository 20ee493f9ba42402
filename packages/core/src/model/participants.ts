import type {Conversation, Participant, Turn} from './model.js'

/**
 * The person at the keyboard, as the formats that do not name them write
 * them: `{id: 'user', name: 'User', kind: 'human'}`. A new object on every
 * call, so a conversation may change its own.
 */
export function userParticipant(): Participant {
  return {id: 'user', name: 'User', kind: 'human'}
}

/**
 * The model a tool talks to, such as `modelParticipant('gemini', 'Gemini')`:
 * `{id, name, kind: 'model'}`. A new object on every call.
 */
export function modelParticipant(id: string, name: string): Participant {
  return {id, name, kind: 'model'}
}

/**
 * The participants who speak in the conversation: the human, model and bot
 * participants that author at least one turn (`Turn.author`), its branches'
 * and subagents' turns included, in order of their first turn. A participant
 * the source declares but who never speaks is left out, as are tools.
 */
export function speakersOf(conversation: Conversation): Participant[] {
  const byId = new Map<string, Participant>()
  for (const participant of conversation.participants) {
    if (participant.kind !== 'tool' && !byId.has(participant.id)) byId.set(participant.id, participant)
  }
  const speakers = new Map<string, Participant>()
  const visit = (turns: readonly Turn[]): void => {
    for (const turn of turns) {
      if (turn.author !== undefined && !speakers.has(turn.author)) {
        const participant = byId.get(turn.author)
        if (participant) speakers.set(turn.author, participant)
      }
      for (const part of turn.parts) {
        if (part.type === 'branch') visit(part.turns)
        else if (part.type === 'tool-call' && part.subagent) visit(part.subagent)
      }
    }
  }
  visit(conversation.turns)
  return [...speakers.values()]
}

/** The `participants` property of a note: the names of the participants who speak ({@link speakersOf}), each once. */
export function speakerNames(conversation: Conversation): string[] {
  return [...new Set(speakersOf(conversation).map((participant) => participant.name))]
}
