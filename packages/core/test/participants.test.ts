import assert from 'node:assert/strict'
import {test} from 'vitest'
import {modelParticipant, userParticipant} from '@chatmark/core'

test('the user participant is the human with id user and name User, fields in that order', () => {
  const user = userParticipant()
  assert.deepEqual(user, {id: 'user', name: 'User', kind: 'human'})
  assert.deepEqual(Object.keys(user), ['id', 'name', 'kind'])
})

test('a model participant has the given id and name and the kind model, fields in that order', () => {
  const model = modelParticipant('gemini', 'Gemini')
  assert.deepEqual(model, {id: 'gemini', name: 'Gemini', kind: 'model'})
  assert.deepEqual(Object.keys(model), ['id', 'name', 'kind'])
})

test('every call returns a new object, so changing one participant changes no other', () => {
  const first = userParticipant()
  first.name = 'Ada'
  assert.equal(userParticipant().name, 'User')
  assert.notEqual(modelParticipant('codex', 'Codex'), modelParticipant('codex', 'Codex'))
})
