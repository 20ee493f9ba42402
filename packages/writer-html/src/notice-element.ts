import type {ChatmarkNotice} from '@chatmark/core'
import type {Element, ElementContent} from 'hast'

/** The label of a notice, by level: GitHub's alert names, with `Error` for errors. */
const noticeLabels: Record<ChatmarkNotice['level'], string> = {info: 'Note', warning: 'Warning', error: 'Error'}

/** A notice: an `<aside>` marked with its level, its label, then what it says. */
export function noticeElement(level: ChatmarkNotice['level'], phrasing: ElementContent[]): Element {
  return element(
    'aside',
    ['notice', `notice-${level}`],
    [
      element('p', ['notice-label'], [{type: 'text', value: noticeLabels[level]}]),
      {type: 'text', value: '\n'},
      element('p', [], phrasing)
    ]
  )
}

/** An element with class names (none: no `class` attribute). */
export function element(tagName: string, className: string[], children: ElementContent[]): Element {
  return {type: 'element', tagName, properties: className.length > 0 ? {className} : {}, children}
}
