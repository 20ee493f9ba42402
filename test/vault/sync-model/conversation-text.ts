import {createHash} from 'node:crypto'

/**
 * Words the generated messages are made of, and that a person's edit may change (`edit-note`): plain words that
 * neither Markdown nor YAML escape, none a part of another.
 */
export const editableWords = ['apples', 'bread', 'coffee', 'harbour', 'lantern', 'meadow', 'pebble', 'tulip'] as const

/** What a conversation is about: its first prompt (which titles its note) names it. */
export const topics = ['garden', 'budget', 'release', 'kitchen', 'library', 'bicycle'] as const

/** Titles a retitle picks from: few, so two conversations sometimes take the same one (a numbered note name). */
export const retitles = ['Cache questions', 'Release plan', 'Garden notes', 'Travel budget'] as const

/**
 * The text that tells a turn apart from every other in a run: it is in the turn's reply, so the note of a
 * conversation holds its latest turn when it holds this. Letters and digits only, closed by `z` so that no token is
 * the start of another.
 */
export function turnToken(conversation: number, turn: number): string {
  return `tok${conversation}n${turn}z`
}

/** The prompt of turn `turn` (from 1) of conversation `conversation`. */
export function promptText(conversation: number, turn: number, topic: string): string {
  return `Question ${turn} about the ${topic}: what do you think of the ${word(conversation, turn, 0)}?`
}

/** The reply of that turn, with its {@link turnToken} and three {@link editableWords}. */
export function replyText(conversation: number, turn: number): string {
  const [a, b, c] = [0, 1, 2].map((index) => word(conversation, turn, index + 1))
  return `Answer ${turnToken(conversation, turn)}: the ${a} sits near the ${b}, and the ${c} is fine.`
}

function word(conversation: number, turn: number, index: number): string {
  return editableWords[(conversation * 3 + turn * 5 + index * 7) % editableWords.length] ?? 'apples'
}

/** A UUID (version 4 shaped) drawn from `seed`: the same run makes the same files. */
export function uuidFrom(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** Hex digits drawn from `seed`. */
export function hexFrom(seed: string, length: number): string {
  return createHash('sha256').update(seed).digest('hex').slice(0, length)
}

/** The time of turn `turn` of conversation `conversation` (all on one day: one folder of notes), plus `ms`. */
export function turnTime(conversation: number, turn: number, ms = 0): string {
  const start = Date.UTC(2026, 10, 30, 6, 0, 0)
  return new Date(start + conversation * 600_000 + turn * 20_000 + ms).toISOString()
}
