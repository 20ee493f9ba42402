import {isNumber, isRecord, isString, markdownLink, stringOf} from '@chatmark/core/model'

/** What {@link resolveCitations} did to a text. */
export interface ResolvedCitations {
  text: string
  /** Markers that became links. */
  linked: number
  /** Markers removed because nothing said where they pointed. */
  removed: number
}

/**
 * ChatGPT's citation and entity markers sit in the answer text between
 * private-use characters: `\ue200cite\ue202turn0search1\ue201` (U+E200
 * opens, U+E202 separates, U+E201 closes; U+E203/U+E204 highlight a span).
 * Older answers use `【11†source】`, with `metadata.citations[]` giving the
 * character range and page. Each marker becomes ` ([site](url))` where the
 * message metadata gives a URL, an entity becomes its name, and anything
 * else is removed cleanly; no character of the marker block is left behind.
 */
export function resolveCitations(text: string, metadata: Record<string, unknown>): ResolvedCitations {
  const result = {text, linked: 0, removed: 0}
  if (!markerTest.test(text)) return result
  resolveRanges(result, metadata['citations'])
  resolveReferences(result, metadata['content_references'])

  // Markers the metadata did not describe. A pass runs only when its opening character is left (most texts have all
  // their markers described): it would otherwise scan the whole answer for nothing.
  if (result.text.includes('\uE200')) {
    result.text = replaceMarkers(result.text, spanPattern, (inner) => {
      const name = entityName(inner)
      if (name !== undefined) return name
      result.removed++
      return ''
    })
  }
  if (result.text.includes('【')) {
    result.text = replaceMarkers(result.text, bracketPattern, () => {
      result.removed++
      return ''
    })
  }
  result.text = result.text.replace(strayPattern, '')
  return result
}

// U+E200 to U+E2FF is the block ChatGPT's markers use; other private-use
// characters (icon fonts in pasted code) are the user's text and are kept.
const markerTest = /[\uE200-\uE2FF]|【[^】\n]{0,80}†[^】\n]{0,80}】/
const spanPattern = /\uE200([^\uE200\uE201]*)\uE201/g
const bracketPattern = /【[^】\n]{0,80}†[^】\n]{0,80}】/g
const strayPattern = /[\uE200-\uE2FF]/g

/** Older `metadata.citations[]`: `{start_ix, end_ix, metadata: {title, url}}` over `【…†…】` markers. */
function resolveRanges(result: ResolvedCitations, citations: unknown): void {
  if (!Array.isArray(citations)) return
  const ranges = citations
    .filter(isRecord)
    .map((citation) => ({
      start: citation['start_ix'],
      end: citation['end_ix'],
      meta: isRecord(citation['metadata']) ? citation['metadata'] : {}
    }))
    .filter(
      (range): range is {start: number; end: number; meta: Record<string, unknown>} =>
        isNumber(range.start) && isNumber(range.end) && range.end > range.start
    )
    .sort((a, b) => b.start - a.start)
  let text = result.text
  let last = Number.POSITIVE_INFINITY
  for (const {start, end, meta} of ranges) {
    // Overlapping or stale ranges are left to the marker clean-up.
    if (end > last) continue
    const marker = text.slice(start, end)
    if (!/^(?:【[^】]*】|[\uE200-\uE2FF][\s\S]*)$/.test(marker)) continue
    const url = stringOf(meta['url'])
    const replacement = url ? markdownLink(stringOf(meta['title']), url) : ''
    if (replacement) result.linked++
    else result.removed++
    text = splice(text, start, end, replacement)
    last = start
  }
  result.text = text
}

/** Newer `metadata.content_references[]`: `{matched_text, type, items[], alt}`. */
function resolveReferences(result: ResolvedCitations, references: unknown): void {
  if (!Array.isArray(references)) return
  for (const reference of references) {
    if (!isRecord(reference)) continue
    const matched = stringOf(reference['matched_text'])
    const type = stringOf(reference['type'])
    // `sources_footnote` matches a single space; only real markers are replaced.
    if (!matched || type === 'sources_footnote' || !markerTest.test(matched)) continue
    if (!result.text.includes(matched)) continue
    const links = type === 'hidden' ? [] : itemLinks(reference['items'])
    const entity =
      type === 'entity'
        ? (entityName(matched.replace(/^\uE200|\uE201$/g, '')) ?? stringOf(reference['name']))
        : undefined
    const alt = stringOf(reference['alt'])?.trim()
    let replacement = ''
    if (entity !== undefined) replacement = entity
    else if (links.length > 0) replacement = `(${links.join(', ')})`
    else if (type !== 'hidden' && alt && !markerTest.test(alt)) replacement = alt
    if (replacement && entity === undefined) result.linked++
    if (!replacement && type !== 'hidden') result.removed++
    result.text = replaceAll(result.text, matched, replacement, entity === undefined)
  }
}

function itemLinks(items: unknown): string[] {
  if (!Array.isArray(items)) return []
  const seen = new Set<string>()
  const links: string[] = []
  for (const item of items) {
    if (!isRecord(item)) continue
    const url = stringOf(item['url'])
    if (!url || seen.has(url)) continue
    seen.add(url)
    links.push(markdownLink(stringOf(item['attribution']) || stringOf(item['title']), url))
  }
  return links
}

/** `entity\ue202["city","Paris","capital of France"]` → `Paris`. */
function entityName(inner: string): string | undefined {
  const [kind, payload] = inner.split('\uE202')
  if (kind !== 'entity' || payload === undefined) return undefined
  try {
    const value: unknown = JSON.parse(payload)
    if (Array.isArray(value) && isString(value[1])) return value[1]
  } catch {}
  return undefined
}

function replaceMarkers(text: string, pattern: RegExp, replace: (inner: string) => string): string {
  let output = ''
  let from = 0
  for (const match of text.matchAll(pattern)) {
    const index = match.index
    const replacement = replace(match[1] ?? '')
    output += joinAt(
      text.slice(from, index),
      replacement,
      text.slice(index + match[0].length, index + match[0].length + 1)
    )
    from = index + match[0].length
  }
  return from === 0 ? text : output + text.slice(from)
}

function replaceAll(text: string, marker: string, replacement: string, spaced: boolean): string {
  let output = ''
  let from = 0
  for (let index = text.indexOf(marker); index !== -1; index = text.indexOf(marker, from)) {
    const next = text.charAt(index + marker.length)
    const value =
      spaced && replacement && output.length + index - from > 0 && !/\s$/.test(text.slice(from, index) || output)
        ? ` ${replacement}`
        : replacement
    output += joinAt(text.slice(from, index), value, next)
    from = index + marker.length
  }
  return output + text.slice(from)
}

/** Appends a replacement; an empty one also takes the space before it when punctuation or a line end follows. */
function joinAt(before: string, replacement: string, next: string): string {
  if (replacement === '' && /[ \t]$/.test(before) && (next === '' || /[\s.,;:!?)]/.test(next)))
    return before.replace(/[ \t]+$/, '')
  return before + replacement
}

function splice(text: string, start: number, end: number, replacement: string): string {
  const before = text.slice(0, start)
  const value = replacement && before !== '' && !/\s$/.test(before) ? ` ${replacement}` : replacement
  return joinAt(before, value, text.charAt(end)) + text.slice(end)
}
