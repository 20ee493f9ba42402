import type {Element, ElementContent, Root} from 'hast'
import {h} from 'hastscript'

/**
 * Numbers a page's turns as they are written, so each has an anchor (`#t12`) and each of the user's prompts one
 * more (`#p3`), with links to the prompts before and after it: a reader jumps from prompt to prompt without
 * script. Turns of a subagent (inside its call) are not numbered; turns of a branch are, in page order. Works on
 * sanitised trees: the ids are the page's own, so they are not prefixed as ids from message text are.
 */
export class TurnAnchors {
  /** Whether the user's turns are prompts to a model, with links between them. */
  readonly #linked: boolean
  #turns = 0
  #prompts = 0
  /** The prompts before this page's, and the page they are on: a link to one goes there. */
  #before = 0
  #previousPage: string | undefined

  constructor(prompts: boolean) {
    this.#linked = prompts
  }

  /** Starts a new page after the page at `previous` (a link to it): prompts so far are there, not here. */
  newPage(previous: string): void {
    this.#before = this.#prompts
    this.#previousPage = previous
  }

  /** Marks the turns among `root`'s children (and in its branches). */
  mark(root: Root | Element): void {
    for (const child of root.children) {
      if (child.type !== 'element' || child.tagName !== 'section') continue
      const classes = classNames(child)
      if (classes.includes('branch')) this.mark(child)
      else if (classes.includes('turn') && !classes.includes('turn-nested')) this.#turn(child, classes)
    }
  }

  /**
   * What ends the page's turns: the anchor after its last prompt, which that prompt's "next" link leads to (`#p1`
   * on a page without prompts, so the bar's link to the first prompt always lands); with `next` (the link to the
   * next page), a link on to the next prompt there.
   */
  end(next?: string): Element {
    const links: ElementContent[] = []
    if (this.#prompts > 0) links.push(h('a', {href: this.#promptHref(this.#prompts)}, '↑ Last prompt'))
    if (next) links.push(h('a', {href: `${next}#p${this.#prompts + 1}`}, 'Next prompt, next page ↓'))
    else links.push(h('a', {href: '#top'}, '↑ Top'))
    return h(`nav.prompt-nav.prompt-end#p${this.#prompts + 1}`, {ariaLabel: 'Prompts'}, spaced(links))
  }

  /** The link to prompt `prompt`: on this page, or on the page before it. */
  #promptHref(prompt: number): string {
    return prompt > this.#before || this.#previousPage === undefined
      ? `#p${prompt}`
      : `${this.#previousPage}#p${prompt}`
  }

  #turn(section: Element, classes: string[]): void {
    const turn = ++this.#turns
    section.properties['id'] = `t${turn}`
    const heading = section.children.find((child): child is Element => child.type === 'element')
    if (heading?.tagName === 'h2') {
      heading.children.push({type: 'text', value: ' '}, h('a.turn-link', {href: `#t${turn}`}, `#${turn}`))
    }
    if (!this.#linked || !classes.includes('turn-user')) return
    const prompt = ++this.#prompts
    const links: ElementContent[] = [h('a', {href: `#p${prompt + 1}`}, 'Next prompt ↓')]
    if (prompt > 1) links.unshift(h('a', {href: this.#promptHref(prompt - 1)}, '↑ Previous prompt'))
    const nav = h(`nav.prompt-nav#p${prompt}`, {ariaLabel: 'Prompts'}, spaced(links))
    const at = heading ? section.children.indexOf(heading) + 1 : 0
    section.children.splice(at, 0, {type: 'text', value: '\n'}, nav)
  }
}

/** Links with a space between each two. */
function spaced(links: ElementContent[]): ElementContent[] {
  return links.flatMap((link, index): ElementContent[] => (index === 0 ? [link] : [{type: 'text', value: ' '}, link]))
}

function classNames(node: Element): string[] {
  const value = node.properties['className']
  return Array.isArray(value) ? value.map(String) : []
}
