import {existsSync, readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {isRecord, isString} from '@chatmark/core/model'

/**
 * A Slack emoji name (`+1`, `thumbsup`, `white_check_mark`, `+1::skin-tone-3`)
 * as its emoji character (`👍🏼`), or `undefined` for a name the emoji data
 * does not know: a workspace's custom emoji stays its `:name:`.
 *
 * Names are emojibase-data's `iamcal` shortcodes: the short names of
 * iamcal/emoji-data, the set Slack's clients use (`thumbsup` and `+1` both,
 * `thinking_face`, `skin-tone-2`…`skin-tone-6`). The characters, with their
 * emoji presentation and skin-tone variants, come from emojibase-data's
 * `en/compact.json`. Both are read on first use only.
 */
export function emojiOf(name: string): string | undefined {
  const match = /^(.+?)(?:::skin-tone-([2-6]))?$/.exec(name)
  const base = match?.[1] ?? name
  const entry = table().get(slackAliases[base] ?? base)
  if (!entry) return undefined
  const tone = match?.[2]
  if (tone === undefined) return entry.unicode
  // Tones 2-6 are the Fitzpatrick modifiers U+1F3FB-U+1F3FF.
  const modifier = (0x1f3fb + Number(tone) - 2).toString(16).toUpperCase()
  return entry.skins.get(modifier) ?? entry.unicode + String.fromCodePoint(Number.parseInt(modifier, 16))
}

/**
 * Names Slack still shows that emoji-data dropped: `simple_smile` is an image
 * from the Campfire/GitHub set (no code point) that Slack draws as a slightly
 * smiling face.
 */
const slackAliases: Readonly<Record<string, string>> = {simple_smile: 'slightly_smiling_face'}

interface Entry {
  unicode: string
  /** Variants with one skin tone throughout, by the modifier's hex code (`1F3FC`). */
  skins: Map<string, string>
}

let cache: Map<string, Entry> | undefined

function table(): Map<string, Entry> {
  if (cache) return cache
  const shortcodes = emojiData('en/shortcodes/iamcal.json')
  const compact = emojiData('en/compact.json')
  const byHexcode = new Map<string, Entry>()
  for (const item of Array.isArray(compact) ? compact : []) {
    if (!isRecord(item) || !isString(item['hexcode']) || !isString(item['unicode'])) continue
    const skins = new Map<string, string>()
    for (const skin of Array.isArray(item['skins']) ? item['skins'] : []) {
      if (!isRecord(skin) || !isString(skin['hexcode']) || !isString(skin['unicode'])) continue
      const tones = new Set(skin['hexcode'].split('-').filter((code) => /^1F3F[B-F]$/.test(code)))
      const [tone] = tones
      if (tone && tones.size === 1 && !skins.has(tone)) skins.set(tone, skin['unicode'])
    }
    byHexcode.set(item['hexcode'], {unicode: withoutRedundantSelector(item['unicode']), skins})
  }
  cache = new Map()
  for (const [hexcode, names] of Object.entries(isRecord(shortcodes) ? shortcodes : {})) {
    const entry = byHexcode.get(hexcode) ?? {unicode: fromHexcode(hexcode), skins: new Map()}
    for (const name of Array.isArray(names) ? names : [names]) if (isString(name)) cache.set(name, entry)
  }
  return cache
}

/**
 * One of emojibase-data's files. The bundled command has no node_modules to
 * find the package in: its build copies the two files this package's
 * package.json names as `bundleFiles` to `dist/bundle/emojibase-data/`
 * (packages/cli/scripts/bundle.js), one folder above the chunk this code is
 * bundled into.
 */
function emojiData(file: string): unknown {
  for (const folder of ['./emojibase-data/', '../emojibase-data/']) {
    const beside = new URL(`${folder}${file}`, import.meta.url)
    if (existsSync(beside)) return JSON.parse(readFileSync(beside, 'utf8'))
  }
  return createRequire(import.meta.url)(`emojibase-data/${file}`)
}

function fromHexcode(hexcode: string): string {
  return String.fromCodePoint(...hexcode.split('-').map((code) => Number.parseInt(code, 16)))
}

/**
 * emojibase writes a variation selector after some characters that are
 * emoji by default (`👍` + U+FE0F); Unicode's fully-qualified form has none.
 */
function withoutRedundantSelector(unicode: string): string {
  return /^\p{Emoji_Presentation}\uFE0F$/u.test(unicode) ? unicode.slice(0, -1) : unicode
}
