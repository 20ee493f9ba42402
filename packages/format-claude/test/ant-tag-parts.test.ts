import {expect, test} from 'vitest'
import {antTagParts} from '../src/ant-tag-parts.js'

function state() {
  const counts: Record<string, number> = {}
  return {
    artifacts: new Map<string, string>(),
    count: (reason: string) => (counts[reason] = (counts[reason] ?? 0) + 1),
    counts
  }
}

test('a tag name that only starts with antArtifact is text', () => {
  const text = 'See <antArtifactLink identifier="x" /> above.'
  expect(antTagParts(text, state())).toEqual([{type: 'text', text}])
})

test('a self-closing artifact is an empty artifact part, and the text after it stays', () => {
  expect(antTagParts('a\n<antArtifact identifier="x" type="text/html" title="T > U" />\nb', state())).toEqual([
    {type: 'text', text: 'a'},
    {type: 'code', text: '', language: 'html', artifact: {title: 'T > U', kind: 'text/html', action: 'created'}},
    {type: 'text', text: 'b'}
  ])
})

test('an unclosed antThinking keeps its text as thinking, with a cut-off notice', () => {
  const shared = state()
  const parts = antTagParts('Intro\n<antThinking>half a thought', shared)
  expect(parts.map((part) => part.type)).toEqual(['text', 'thinking', 'notice'])
  expect(shared.counts).toEqual({'thinking-cut-off': 1})
})

test('an opening tag with no closing bracket is text', () => {
  const text = `x <antArtifact identifier="${'a'.repeat(10)}`
  expect(antTagParts(text, state())).toEqual([{type: 'text', text}])
})
