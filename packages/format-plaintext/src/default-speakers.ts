import type {Speaker} from './types.js'

/**
 * The speaker labels recognised without configuration, by lower-case label.
 * Only product names get a display name: `Human:` and `You:` are the user
 * whatever the transcript calls them, and a generic `AI:` is just the assistant.
 */
export const defaultSpeakers: ReadonlyMap<string, Speaker> = new Map<string, Speaker>([
  ['user', {role: 'user'}],
  ['human', {role: 'user'}],
  ['you', {role: 'user'}],
  ['me', {role: 'user'}],
  ['assistant', {role: 'assistant'}],
  ['ai', {role: 'assistant'}],
  ['bot', {role: 'assistant'}],
  ['chatgpt', {role: 'assistant', name: 'ChatGPT'}],
  ['claude', {role: 'assistant', name: 'Claude'}],
  ['gemini', {role: 'assistant', name: 'Gemini'}],
  ['system', {role: 'system'}]
])
