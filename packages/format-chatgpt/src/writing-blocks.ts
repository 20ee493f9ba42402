import type {CodePart, TextPart} from '@chatmark/core/model'

/**
 * A directive's opening line: `:::writing{variant="document" id="73481"}`. ChatGPT (2026) asks the model to put
 * reusable text (a document, an email, a README) in such a block, and its app shows it as a card; the export keeps
 * the raw markup. Attribute values come quoted, in typographic quotes, or bare (all three are in real exports).
 */
const opening = /^[ \t]{0,3}:::([A-Za-z][\w-]*)\{([^\n}]*)\}[ \t]*$/

/** The closing line: `:::` alone. */
const closing = /^[ \t]{0,3}:::[ \t]*$/

const attribute = /([A-Za-z][\w-]*)=(?:"([^"]*)"|“([^”]*)”|'([^']*)'|([^\s"“”']+))/g

/**
 * Splits an assistant message's text at its `:::name{...}` ... `:::` blocks:
 * each block becomes an artifact (its kind `name/variant`, its title from a
 * `title` or `subject` attribute) holding the text verbatim, the prose
 * around it stays text. A block the message never closed (the answer was
 * cut off) runs to its end. Text with no block is one text part, as it was.
 */
export function writingBlocks(text: string): Array<TextPart | CodePart> {
  if (!text.includes(':::')) return [{type: 'text', text}]
  const parts: Array<TextPart | CodePart> = []
  const lines = text.split('\n')
  let prose: string[] = []
  // A directive shown inside a fenced code block is an example of one, not a block.
  let fence: string | undefined
  const flush = (): void => {
    const value = prose.join('\n')
    if (/\S/.test(value)) parts.push({type: 'text', text: value.replace(/^\n+|\n+$/g, '')})
    prose = []
  }
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string
    const marker = /^[ \t]{0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined
    }
    const open = fence === undefined ? opening.exec(line) : null
    if (!open) {
      prose.push(line)
      continue
    }
    const end = lines.findIndex((candidate, at) => at > index && closing.test(candidate))
    const body = lines.slice(index + 1, end === -1 ? undefined : end)
    flush()
    parts.push(blockPart(open[1] as string, attributesOf(open[2] as string), body.join('\n')))
    index = end === -1 ? lines.length : end
  }
  flush()
  return parts.length === 0 ? [{type: 'text', text}] : parts
}

function blockPart(name: string, attributes: Map<string, string>, body: string): CodePart {
  const variant = attributes.get('variant')
  const title = attributes.get('title') ?? attributes.get('subject')
  const recipient = attributes.get('recipient')
  const kind = variant ? `${name}/${variant}` : name
  const content = body.replace(/^\n+|\s+$/g, '')
  return {
    type: 'code',
    text: recipient ? `To: ${recipient}\n\n${content}` : content,
    language: variant === 'email' ? 'text' : 'markdown',
    artifact: {title: title?.trim() || 'Untitled', kind, action: 'written'}
  }
}

function attributesOf(source: string): Map<string, string> {
  const found = new Map<string, string>()
  for (const match of source.matchAll(attribute)) {
    found.set(match[1] as string, match[2] ?? match[3] ?? match[4] ?? match[5] ?? '')
  }
  return found
}
