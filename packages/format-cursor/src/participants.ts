import type {Participant} from '@chatmark/core/model'
import {modelParticipant, userParticipant} from '@chatmark/core/model'

/** The speaker of the assistant's turns in Cursor (the IDE) and in the Cursor CLI. */
export const cursorModel = modelParticipant('cursor', 'Cursor')

/** The user and Cursor, new objects on every call. */
export function participants(): Participant[] {
  return [userParticipant(), {...cursorModel}]
}
