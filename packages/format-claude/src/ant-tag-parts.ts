import type {Artifact, Part} from '@chatmark/core/model'
import {artifactLanguage} from './markdown-source.js'

/** What {@link antTagParts} shares across a conversation: artifact titles by identifier. */
export interface AntTagState {
  artifacts: Map<string, string>
  count(reason: string): void
}

const thinkingOpen = '<antThinking>'
const thinkingClose = '</antThinking>'
const artifactOpen = '<antArtifact'
const artifactClose = '</antArtifact>'
/** The longest opening tag read, in characters: a `<antArtifact` without `>` this soon is text. */
const maxTagLength = 4096

/**
 * An assistant text of the 2024 Claude.ai exports (before content blocks) as
 * parts. Claude then wrote its artifacts and its one-sentence deliberation
 * inline, as the artifacts system prompt of 2024-06-21 told it to
 * (schroneko/systemprompts `claude_sonnet_35_artifacts_2024-06-21.md` @ 3680947):
 * `<antThinking>...</antThinking>` becomes a thinking part, and each
 * `<antArtifact identifier type title [language]>...</antArtifact>` a code part
 * with its artifact (created, or rewritten when the identifier came before:
 * the prompt asks for the whole content again). The text around them stays
 * text parts, in order. A message that ends inside a tag (a reply cut off)
 * keeps what it has as thinking or code, with a notice that it was cut off.
 */
export function antTagParts(text: string, state: AntTagState): Part[] {
  const parts: Part[] = []
  const pushText = (piece: string): void => {
    if (/\S/.test(piece)) parts.push({type: 'text', text: piece.replace(/^\n+|\s+$/g, '')})
  }
  // `at`: where the text not yet in a part starts; `from`: where the next tag is looked for.
  let at = 0
  let from = 0
  for (;;) {
    const thinking = text.indexOf(thinkingOpen, from)
    const artifact = text.indexOf(artifactOpen, from)
    const start = thinking === -1 ? artifact : artifact === -1 ? thinking : Math.min(thinking, artifact)
    if (start === -1) break
    if (start === thinking) {
      const end = text.indexOf(thinkingClose, start + thinkingOpen.length)
      pushText(text.slice(at, start))
      const inner = text.slice(start + thinkingOpen.length, end === -1 ? text.length : end).trim()
      if (inner) parts.push({type: 'thinking', text: inner})
      if (end === -1) {
        // The message ends inside the tag (a reply cut off): the rest is the thinking so far.
        state.count('thinking-cut-off')
        parts.push({type: 'notice', level: 'info', kind: 'thinking-cut-off', text: 'The thinking above was cut off'})
        return parts
      }
      at = end + thinkingClose.length
      from = at
      continue
    }
    const tag = openingTag(text, start + artifactOpen.length)
    if (tag === undefined) {
      // `<antArtifactLink`, or an opening tag cut off: not an artifact; look further on.
      from = start + artifactOpen.length
      continue
    }
    const end = tag.selfClosing ? tag.end : text.indexOf(artifactClose, tag.end)
    const content = tag.selfClosing
      ? ''
      : text
          .slice(tag.end, end === -1 ? text.length : end)
          .replace(/^[ \t]*\n/, '')
          .replace(/\n[ \t]*$/, '')
    pushText(text.slice(at, start))
    parts.push(artifactPart(tag.attributes, content, state))
    if (end === -1) {
      // The message ends inside the artifact: its content so far is still code, never loose text.
      state.count('artifact-cut-off')
      parts.push({
        type: 'notice',
        level: 'warning',
        kind: 'artifact-error',
        text: 'The artifact above was cut off: the message ends before its closing tag'
      })
      return parts
    }
    at = tag.selfClosing ? end : end + artifactClose.length
    from = at
  }
  pushText(text.slice(at))
  return parts
}

function artifactPart(attributes: Map<string, string>, content: string, state: AntTagState): Part {
  const identifier = attributes.get('identifier')
  const seen = identifier === undefined ? undefined : state.artifacts.get(identifier)
  const title = attributes.get('title') || seen || identifier || 'Untitled'
  if (identifier !== undefined) state.artifacts.set(identifier, title)
  const type = attributes.get('type')
  const artifact: Artifact = {
    title,
    ...(type ? {kind: type} : {}),
    action: seen === undefined ? 'created' : 'rewritten'
  }
  return {type: 'code', text: content, language: artifactLanguage(attributes.get('language'), type), artifact}
}

/**
 * The attributes of an opening tag whose name ends at `from`, and where the tag
 * ends; undefined when the name goes on (`<antArtifactLink`) or no `>` closes it.
 * Quoted values may hold `>`.
 */
function openingTag(
  text: string,
  from: number
): {attributes: Map<string, string>; end: number; selfClosing: boolean} | undefined {
  const attributes = new Map<string, string>()
  let index = from
  if (!/[\s/>]/.test(text[index] ?? '')) return undefined
  const limit = Math.min(text.length, from + maxTagLength)
  const attributePattern = /([A-Za-z_:][\w:.-]*)\s*=\s*(?:"([^"]{0,4096})"|'([^']{0,4096})')/y
  while (index < limit) {
    if (text[index] === '>') return {attributes, end: index + 1, selfClosing: text[index - 1] === '/'}
    attributePattern.lastIndex = index
    const match = attributePattern.exec(text)
    if (match && match.index + match[0].length <= limit) {
      attributes.set(match[1]!, match[2] ?? match[3] ?? '')
      index += match[0].length
    } else index++
  }
  return undefined
}
