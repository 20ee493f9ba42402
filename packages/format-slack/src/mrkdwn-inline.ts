import type {PhrasingContent} from 'mdast'
import {emojiOf} from './emoji-of.js'
import type {Names} from './resolve-names.js'
import {isPrivateUrl} from './private-url.js'

/** The mdast node each mrkdwn style marker becomes. */
const styles = {'*': 'strong', _: 'emphasis', '~': 'delete'} as const
type Marker = keyof typeof styles

/** Slack's `<!date^…>` and friends fall back to the label; these are the bare broadcasts. */
const broadcasts = new Set(['here', 'channel', 'everyone'])

/** A mrkdwn emoji shortcode, with an optional skin tone (`:+1::skin-tone-3:`). */
const emoji = /^:([a-z0-9+-][a-z0-9_+'-]*):(?::(skin-tone-[2-6]):)?/

/**
 * One line of mrkdwn as mdast phrasing: `<…>` tokens (mentions, channel
 * links, broadcasts, links), `` `code` ``, `*bold*`, `_italic_`, `~strike~`
 * (nestable), emoji shortcodes (as their characters) and plain text. Tokens are found before the
 * three entities Slack encodes (`&amp;`, `&lt;`, `&gt;`) are decoded, so an
 * encoded `&lt;` is text, never a token. The text nodes are escaped by the
 * serialiser, so `#`, `[` or a stray `*` in a message stay literal.
 */
export function mrkdwnInline(text: string, names: Names): PhrasingContent[] {
  const nodes: PhrasingContent[] = []
  let plain = ''
  const flush = (): void => {
    if (plain) nodes.push({type: 'text', value: decodeEntities(plain)})
    plain = ''
  }
  let index = 0
  while (index < text.length) {
    const char = text.charAt(index)
    if (char === '<') {
      const end = text.indexOf('>', index + 1)
      if (end !== -1) {
        flush()
        nodes.push(...angleToken(text.slice(index + 1, end), names))
        index = end + 1
        continue
      }
    } else if (char === '`') {
      const end = text.indexOf('`', index + 1)
      if (end > index + 1) {
        flush()
        nodes.push({type: 'inlineCode', value: mrkdwnPlain(text.slice(index + 1, end), names)})
        index = end + 1
        continue
      }
    } else if (isMarker(char) && opens(text, index)) {
      const end = closing(text, index, char)
      if (end !== -1) {
        flush()
        const children = mrkdwnInline(text.slice(index + 1, end), names)
        nodes.push(char === '~' ? {type: 'delete', children} : {type: styles[char], children})
        index = end + 1
        continue
      }
    } else if (char === ':' && !isWord(text.charAt(index - 1))) {
      // Read whole, so the underscores of `:white_check_mark:` are never emphasis; a
      // workspace's custom emoji has no character and stays as written.
      const match = emoji.exec(text.slice(index))
      if (match) {
        plain += emojiOf(match[2] ? `${match[1]}::${match[2]}` : (match[1] ?? '')) ?? match[0]
        index += match[0].length
        continue
      }
    }
    plain += char
    index++
  }
  flush()
  return nodes
}

/**
 * mrkdwn as plain text, for code blocks and notices: tokens become the text
 * Slack shows (`@Ada`, `#general`, a link's address), styles stay as typed,
 * entities are decoded.
 */
export function mrkdwnPlain(text: string, names: Names): string {
  let out = ''
  let index = 0
  for (const match of text.matchAll(/<([^<>]*)>/g)) {
    out += decodeEntities(text.slice(index, match.index))
    out += angleToken(match[1] ?? '', names)
      .map((node) =>
        node.type === 'link' ? plainLink(node.url, node.children) : node.type === 'text' ? node.value : ''
      )
      .join('')
    index = match.index + match[0].length
  }
  return out + decodeEntities(text.slice(index))
}

/** Decodes the only three entities Slack encodes. */
export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt);/g, (_, name: string) => (name === 'amp' ? '&' : name === 'lt' ? '<' : '>'))
}

/** The schemes a Slack link keeps as a link. */
const linkedScheme = /^(?:https?|mailto|tel|slack|ftp):/i

function angleToken(token: string, names: Names): PhrasingContent[] {
  const bar = token.indexOf('|')
  const target = bar === -1 ? token : token.slice(0, bar)
  const label = bar === -1 ? undefined : decodeEntities(token.slice(bar + 1)) || undefined
  const sigil = target.charAt(0)
  if (sigil === '@') {
    const id = target.slice(1)
    return [{type: 'text', value: `@${names.members.get(id)?.name ?? label?.replace(/^@/, '') ?? id}`}]
  }
  if (sigil === '#') {
    const id = target.slice(1)
    return [{type: 'text', value: `#${names.channels.get(id)?.name ?? label?.replace(/^#/, '') ?? id}`}]
  }
  if (sigil === '!') {
    const command = target.slice(1)
    if (broadcasts.has(command)) return [{type: 'text', value: `@${command}`}]
    if (label) return [{type: 'text', value: label}]
    return [{type: 'text', value: `@${command.replace(/^subteam\^/, '')}`}]
  }
  const url = decodeEntities(target)
  // A private file address carries an access token: keep only what it was called.
  if (isPrivateUrl(url)) return [{type: 'text', value: label ?? 'private file link'}]
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) return [{type: 'text', value: label ?? url}]
  // Slack's client links only web, mail and its own addresses; any other scheme (`javascript:`, `data:`) a message
  // can still carry in angle brackets stays text, so no note turns it into a live link.
  if (!linkedScheme.test(url)) return [{type: 'text', value: label === undefined ? url : `${label} (${url})`}]
  const text = label ?? url.replace(/^mailto:/i, '')
  return [{type: 'link', url, children: [{type: 'text', value: text}]}]
}

function plainLink(url: string, children: PhrasingContent[]): string {
  const label = children.map((child) => (child.type === 'text' ? child.value : '')).join('')
  return label === url || label === url.replace(/^mailto:/i, '') ? label : `${label} (${url})`
}

function isMarker(char: string): char is Marker {
  return char === '*' || char === '_' || char === '~'
}

// An opening marker starts a word: it follows the start, a space or punctuation, and is followed by text.
function opens(text: string, index: number): boolean {
  const next = text.charAt(index + 1)
  return next !== '' && !/\s/.test(next) && next !== text.charAt(index) && !isWord(text.charAt(index - 1))
}

// The closing marker ends a word: it follows text and precedes the end, a space
// or punctuation. Tokens and code are skipped.
function closing(text: string, start: number, marker: Marker): number {
  for (let index = start + 1; index < text.length; index++) {
    const char = text.charAt(index)
    if (char === '<' || char === '`') {
      const end = text.indexOf(char === '<' ? '>' : '`', index + 1)
      if (end !== -1) index = end
      continue
    }
    if (char === marker && !/\s/.test(text.charAt(index - 1)) && !isWord(text.charAt(index + 1))) return index
  }
  return -1
}

function isWord(char: string): boolean {
  return char !== '' && /[\p{L}\p{N}]/u.test(char)
}
