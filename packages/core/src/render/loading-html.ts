// What in raw HTML makes a Markdown viewer (Obsidian, a browser) fetch or run something as the note is opened: the
// elements that load a resource or a page, or run script, by their name...
const loadingElementNames = new Set([
  ...['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'link', 'meta', 'base', 'style', 'svg'],
  ...['video', 'audio', 'source', 'track', 'img', 'image', 'picture', 'portal', 'bgsound']
])
// ... and any element by its attributes: a source (`src`, `srcset`, `poster`, `background`, `data`...), an event
// handler (`onerror`, `onload`), or a style that fetches (`url(`, IE's `expression(`).
const loadingAttribute = new RegExp(
  String.raw`[\s"'/](?:src|srcset|poster|background|data|dynsrc|lowsrc|formaction|xlink:href|on[a-z]+)\s*=` +
    String.raw`|url\s*\(|expression\s*\(`,
  'i'
)

// An open or closing tag as CommonMark reads one inline (its spec, "Raw HTML"), or an autolink: anything else
// that starts with `<` is text there.
const attribute = String.raw`\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>\x60]+|'[^']*'|"[^"]*"))?`
const inlineTag = new RegExp(
  String.raw`<[A-Za-z][A-Za-z0-9-]*(?:${attribute})*\s*\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>`,
  'y'
)
const autolink = /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>|<[^\s<>@\\]+@[A-Za-z0-9.-]+>/y
/** A tag's text is looked at up to this far: a longer one (a planted giant) is taken to load something. */
const maxTagChars = 4096

const loadingAttributeNames: ReadonlySet<string> = new Set([
  ...['src', 'srcset', 'poster', 'background', 'data', 'dynsrc', 'lowsrc', 'formaction', 'xlink:href']
])

/**
 * Whether `text` holds a loading attribute (`src=`, `onerror =`) or a fetching style (`url(`) anywhere after
 * `from` (its first tag-like `<`), as `loadingAttribute` finds them: each `=` and `(` is looked back from, so text
 * is passed at the speed of `indexOf` (a regular expression with no first character to look for tried every
 * position: a fifth of the cost of containing the text).
 */
function loadingAttributeAnywhere(text: string, from: number): boolean {
  for (let at = text.indexOf('=', from); at !== -1; at = text.indexOf('=', at + 1)) {
    const name = wordBefore(text, at)
    if (loadingAttributeNames.has(name) || (name.length > 2 && name.startsWith('on') && !name.includes(':')))
      return true
  }
  for (let at = text.indexOf('(', from); at !== -1; at = text.indexOf('(', at + 1)) {
    // `background:url(`: the function's name is the word's last part.
    const name = wordBefore(text, at).split(/[:-]/).at(-1)
    if (name === 'url' || name === 'expression') return true
  }
  return false
}

/** The word (letters, `:`, `-`) that ends, spaces aside, just before `at`, in lower case: `src` of `src =`. */
function wordBefore(text: string, at: number): string {
  let end = at
  for (let code = text.charCodeAt(end - 1); code === 32 || code === 9 || code === 10; code = text.charCodeAt(end - 1))
    end--
  let start = end
  while (start > Math.max(0, end - 16) && isNameCharacter(text.charCodeAt(start - 1))) start--
  return text.slice(start, end).toLowerCase()
}

/** A letter, `:` or `-`. */
function isNameCharacter(code: number): boolean {
  return isLetter(code) || code === 58 || code === 45
}

/** Whether `text` may hold HTML that loads or runs something (a cheap test: it may not, after all). */
export function mentionsLoading(text: string): boolean {
  let firstTag = -1
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    if (loadingElementAt(text, at)) return true
    if (firstTag === -1 && isLetter(text.charCodeAt(at + 1))) firstTag = at
  }
  return firstTag !== -1 && loadingAttributeAnywhere(text, firstTag)
}

/** Whether a tag of a loading element (`<img`, `</iframe`, any case) starts at `at` (a `<`). */
function loadingElementAt(text: string, at: number): boolean {
  let start = at + 1
  if (text.charCodeAt(start) === 47) start++
  let end = start
  while (end < start + 9 && (isLetter(text.charCodeAt(end)) || isDigit(text.charCodeAt(end)))) end++
  // The name ends there: not `<imgx`, nor `<img-x`.
  const next = text.charCodeAt(end)
  if (end === start || isLetter(next) || isDigit(next) || next === 45) return false
  return loadingElementNames.has(text.slice(start, end).toLowerCase())
}

function isLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90)
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57
}

/** Whether `text` holds HTML that loads or runs something anywhere (an HTML block, looked at whole). */
export function htmlLoadsAnything(text: string): boolean {
  return mentionsLoading(text)
}

/**
 * What starts at `at` in `text` (a `<`) as CommonMark reads it inline: a
 * tag or an autolink, its `length`, and whether it `loads` or runs something
 * as the note is opened: an element that does by its name (`<img`,
 * `<iframe`, `</script`..., taken to even where CommonMark reads text, since
 * not every viewer does), or a tag whose attributes do (`<div style="background:
 * url(...)">`, `<x onerror=...>`). `undefined`: text.
 */
export function inlineHtmlAt(text: string, at: number): {length: number; loads: boolean} | undefined {
  const head = text.slice(at, at + maxTagChars)
  autolink.lastIndex = 0
  const link = autolink.exec(head)
  if (link) return {length: link[0].length, loads: false}
  inlineTag.lastIndex = 0
  const tag = inlineTag.exec(head)
  if (tag) return {length: tag[0].length, loads: loadingElementAt(head, 0) || loadingAttribute.test(tag[0])}
  if (loadingElementAt(head, 0)) return {length: 1, loads: true}
  // Cut by the bound: a tag too long to look at whole.
  return head.length === maxTagChars && /^<[A-Za-z]/.test(head) && loadingAttribute.test(head)
    ? {length: 1, loads: true}
    : undefined
}
