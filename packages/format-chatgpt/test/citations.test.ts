import assert from 'node:assert/strict'
import {test} from 'vitest'
import {one, say, simple, texts} from './helpers.js'

const entity = '\uE200entity\uE202["city","Paris","capital of France"]\uE201'
const grouped = '\uE200cite\uE202turn0search0\uE202turn0search3\uE201'
const news = '\uE200cite\uE202turn0news2\uE201'
const hidden = '\uE200cite\uE202turn0search9\uE201'

test(
  'an entity marker becomes its name, and a reference becomes its links, deduplicated, or its alt ' + 'text',
  async () => {
    const raw = `Visit ${entity} in spring.${grouped} Prices rose${news}.${hidden}`
    const value = await one(
      simple(
        say('u', 'user', 'Paris in spring?', 0),
        say('a', 'assistant', raw, 1, {
          metadata: {
            content_references: [
              {
                matched_text: grouped,
                type: 'grouped_webpages',
                items: [
                  {title: '', url: 'https://www.example.com/a', attribution: ''},
                  {title: 'Same page', url: 'https://www.example.com/a', attribution: 'Example'}
                ]
              },
              {matched_text: news, type: 'webpage', alt: '([Reuters](https://reuters.example/x))', items: []},
              {matched_text: hidden, type: 'hidden', items: []}
            ]
          }
        })
      )
    )
    assert.deepEqual(texts(value, 'assistant'), [
      'Visit Paris in spring. ([example.com](https://www.example.com/a)) ' +
        'Prices rose ([Reuters](https://reuters.example/x)).'
    ])
    assert.deepEqual(value.fidelity, {})
  }
)

test('an entity reference in the metadata is replaced by the entity name', async () => {
  const value = await one(
    simple(
      say('u', 'user', 'Capital of France?', 0),
      say('a', 'assistant', `It is ${entity}.`, 1, {
        metadata: {content_references: [{matched_text: entity, type: 'entity', name: 'Paris'}]}
      })
    )
  )
  assert.deepEqual(texts(value, 'assistant'), ['It is Paris.'])
})

test(
  'an older citation range without a URL is removed and counted, and a range over plain text is ' + 'ignored',
  async () => {
    const raw = 'Old【3†source】 and stale【5†x】.'
    const start = raw.indexOf('【3')
    const value = await one(
      simple(
        say('u', 'user', 'q', 0),
        say('a', 'assistant', raw, 1, {
          metadata: {
            citations: [
              {start_ix: start, end_ix: start + '【3†source】'.length, metadata: {title: 'No address'}},
              {start_ix: 0, end_ix: 3, metadata: {title: 'Not a marker', url: 'https://wrong.example'}}
            ]
          }
        })
      )
    )
    assert.deepEqual(texts(value, 'assistant'), ['Old and stale.'])
    assert.equal(value.fidelity['unresolved-citation'], 2)
  }
)
