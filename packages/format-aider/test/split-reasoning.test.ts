import {describe, expect, it} from 'vitest'
import {splitReasoning} from '../src/split-reasoning.js'

const tag = 'thinking-content-7bbeb8e1441453ad999a0bbba8a46d4b'

describe('splitReasoning', () => {
  it("reads aider's own reasoning tag into a thinking part", () => {
    expect(splitReasoning(`<${tag}>\n\nWeigh it.\n\n</${tag}>\n\nThe answer.`)).toEqual([
      {type: 'thinking', text: 'Weigh it.'},
      {type: 'text', text: 'The answer.'}
    ])
  })

  it("accepts the model's reasoning_tag as the closing tag, and a model's own <think>", () => {
    expect(splitReasoning(`<${tag}>\n\nA.\n\n</think>\n\nB.`)).toEqual([
      {type: 'thinking', text: 'A.'},
      {type: 'text', text: 'B.'}
    ])
    expect(splitReasoning('<think>\nA.\n</think>\n\nB.')).toEqual([
      {type: 'thinking', text: 'A.'},
      {type: 'text', text: 'B.'}
    ])
  })

  it('keeps an interrupted reply, with no closing tag, as thinking', () => {
    expect(splitReasoning(`<${tag}>\n\nHalf a thou`)).toEqual([{type: 'thinking', text: 'Half a thou'}])
  })

  it('leaves a tag that does not open the answer in the text', () => {
    expect(splitReasoning('Write <think> to start.')).toEqual([{type: 'text', text: 'Write <think> to start.'}])
  })
})
