/**
 * Longest file name, in UTF-8 bytes, number and extension included: the limit
 * of ext4, btrfs, XFS, APFS and ZFS (NTFS counts 255 UTF-16 units, which is never less).
 */
export const maxFileNameBytes = 255

/**
 * Stems Windows reserves for devices, whatever the extension (`con.md`,
 * `nul.tar.md`), case-insensitively; the superscript digits count as digits there.
 */
const reservedStem = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/iu

/**
 * The `attempt`th name for a note called `name`: `name` itself, then
 * `<stem>-2<extension>`, `<stem>-3<extension>`... The stem is shortened, by
 * whole characters (grapheme clusters), so that the name, number included,
 * fits in {@link maxFileNameBytes} UTF-8 bytes; a stem Windows reserves for a
 * device gets `-note` after it.
 */
export function numberedFileName(name: string, attempt: number): string {
  const dot = name.indexOf('.', 1)
  const extension = dot === -1 ? '' : name.slice(dot)
  let stem = dot === -1 ? name : name.slice(0, dot)
  if (reservedStem.test(stem)) stem = `${stem}-note`
  const suffix = `${attempt === 1 ? '' : `-${attempt}`}${extension}`
  const budget = maxFileNameBytes - Buffer.byteLength(suffix)
  if (Buffer.byteLength(stem) > budget) stem = cutToBytes(stem, budget).replace(/-+$/, '') || 'note'
  return `${stem}${suffix}`
}

/** The longest run of whole grapheme clusters from the start of `text` that fits in `bytes` UTF-8 bytes. */
function cutToBytes(text: string, bytes: number): string {
  let kept = ''
  let size = 0
  for (const {segment} of new Intl.Segmenter(undefined, {granularity: 'grapheme'}).segment(text)) {
    size += Buffer.byteLength(segment)
    if (size > bytes) break
    kept += segment
  }
  return kept
}
