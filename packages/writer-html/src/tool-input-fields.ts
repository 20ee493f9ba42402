import {jsonText} from '@chatmark/core'
import type {Element, ElementContent} from 'hast'
import {element} from './notice-element.js'

/** A string this long or with a line break is a block of its own (a script, a prompt, a patch), not inline code. */
const inlineChars = 120

/**
 * A tool call's input as fields (`<dl class="tool-input">`): each argument's name, then its value: a short string,
 * number or boolean as inline code, a string with line breaks as a block that keeps them (a Task's prompt, a
 * heredoc, a patch), a list or an object as indented JSON. `undefined` for an input that is not a plain object,
 * which stays a JSON block.
 */
export function toolInputFields(input: unknown): Element | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined
  const children: ElementContent[] = []
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue
    children.push(
      {type: 'text', value: '\n'},
      element('dt', [], [{type: 'text', value: name}]),
      {type: 'text', value: '\n'},
      element('dd', [], fieldValue(value))
    )
  }
  if (children.length === 0) return undefined
  children.push({type: 'text', value: '\n'})
  return element('dl', ['tool-input'], children)
}

function fieldValue(value: unknown): ElementContent[] {
  if (typeof value === 'string') {
    if (value === '') return [element('span', ['empty'], [{type: 'text', value: '(empty)'}])]
    if (value.length <= inlineChars && !/[\n\r]/.test(value)) return [code(value, [])]
    return [element('pre', [], [code(value.replace(/\r\n?/g, '\n'), [])])]
  }
  if (typeof value === 'object' && value !== null) {
    return [element('pre', [], [code(jsonText(value) ?? '', ['language-json'])])]
  }
  return [code(jsonText(value) ?? String(value), [])]
}

function code(value: string, className: string[]): Element {
  return element('code', className, [{type: 'text', value}])
}
