import type {Participant} from './model.js'

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
