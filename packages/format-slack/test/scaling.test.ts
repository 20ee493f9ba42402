import assert from 'node:assert/strict'
import {writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {test} from 'vitest'
import {VFile} from 'vfile'
import {createNormalizer, defaultLimits, inputFromPath} from '@chatmark/core'
import {slack} from '@chatmark/format-slack'
import {readMessage} from '../src/message.js'
import type {DirectoryCache} from '../src/names-near.js'
import {namesNear} from '../src/names-near.js'
import {withProfileNames} from '../src/profile-names.js'
import type {Member} from '../src/resolve-names.js'
import {channels, folder, message, users} from './helpers.js'

/** A `Map` that counts how often it is walked whole (copied, listed). */
class CountingMap<K, V> extends Map<K, V> {
  walks = 0
  override [Symbol.iterator](): MapIterator<[K, V]> {
    this.walks++
    return super[Symbol.iterator]()
  }
  override entries(): MapIterator<[K, V]> {
    this.walks++
    return super.entries()
  }
  override forEach(...args: Parameters<Map<K, V>['forEach']>): void {
    this.walks++
    super.forEach(...args)
  }
}

test("a channel's authors missing from users.json never cost a copy of the workspace's people", () => {
  // Copied for every channel with such an author, users.json made an export quadratic in channels and people.
  const members = new CountingMap<string, Member>()
  for (let index = 0; index < 1000; index++)
    members.set(`U${index}`, {id: `U${index}`, name: `P${index}`, isBot: false})
  const names = {members, channels: new Map()}
  for (let channel = 0; channel < 50; channel++) {
    const messages = [
      readMessage(message(0, `W${channel}`, 'hi', {user_profile: {display_name: `Gone ${channel}`}})),
      readMessage(message(1, 'U7', 'hello'))
    ].filter((item) => item !== undefined)
    const named = withProfileNames(names, messages)
    assert.equal(named.members.get(`W${channel}`)?.name, `Gone ${channel}`)
    assert.equal(named.members.get('U7')?.name, 'P7')
    assert.equal(named.members.has('U999'), true)
    assert.equal(names.members.has(`W${channel}`), false, "the workspace's names are left as they are")
  }
  assert.equal(members.walks, 0)
})

test('the day files of one export, read one by one, read its root files once', async () => {
  const base = await folder({
    'users.json': users,
    'channels.json': channels,
    'general/2024-03-04.json': [message(0, 'U1', 'hi')],
    'general/2024-03-05.json': [message(0, 'U2', 'yo')]
  })
  const cache: DirectoryCache = {}
  const context = () => ({file: new VFile(), limits: defaultLimits, options: {}})
  const first = await namesNear(join(base, 'general/2024-03-04.json'), context(), cache)
  const second = await namesNear(join(base, 'general/2024-03-05.json'), context(), cache)
  assert.equal(second, first, 'the same export: the same names, not read again')
  assert.equal(first.byFolder.get('general')?.id, 'C1')
  assert.equal(first.names.members.get('U1')?.name, 'Ada')
  // A root file that changed is read again.
  await writeFile(join(base, 'users.json'), JSON.stringify([{id: 'U1', name: 'ada', profile: {display_name: 'A.'}}]))
  const third = await namesNear(join(base, 'general/2024-03-05.json'), context(), cache)
  assert.notEqual(third, first)
  assert.equal(third.names.members.get('U1')?.name, 'A.')
})

test('a root file that cannot be read is reported to every day file that it would have named', async () => {
  const base = await folder({
    'users.json': '[{"id": "U1", "na',
    'general/2024-03-04.json': [message(0, 'U1', 'hi')],
    'general/2024-03-05.json': [message(0, 'U1', 'yo')]
  })
  const normalizer = createNormalizer({builtins: [slack()]})
  for (const day of ['2024-03-04', '2024-03-05']) {
    const {file, conversations} = await normalizer.normalize(await inputFromPath(join(base, `general/${day}.json`)))
    assert.deepEqual(
      file.messages.map((entry) => entry.ruleId),
      ['unreadable-root-file'],
      day
    )
    assert.deepEqual(conversations[0]?.participants, [{id: 'U1', name: 'U1', kind: 'human'}])
  }
})
