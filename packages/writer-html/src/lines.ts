import type {ElementContent} from 'hast'

/**
 * Children with a line break before each and after the last: whitespace
 * between elements that the browser ignores, so a page's source (and its
 * reviewed golden file) reads one element per line.
 */
export function lines(children: ElementContent[]): ElementContent[] {
  return [
    ...children.flatMap((child): ElementContent[] => [{type: 'text', value: '\n'}, child]),
    {type: 'text', value: '\n'}
  ]
}
