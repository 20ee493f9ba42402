/** What one frame of a progress bar says. */
export interface ProgressFrame {
  /** What is under way: `convert`, `sync`, or an input's name. */
  label: string
  /** How much is done, from 0 to 1. */
  fraction: number
  /** Done of total: `120/1,650 files`, `64.0 MB of 128.0 MB`. */
  amount: string
  /** `66 files/s`; absent until it can be told. */
  rate?: string
  /** The time left, as `formatDuration` writes it; absent until it can be told. */
  left?: string
  /** The item at work (a file's name), or another count; it gives way first when the line is too long. */
  detail?: string
}

/** Cells of the bar itself: fewer on a narrow terminal, where the detail needs the room. */
const barCells = 20
const narrowBarCells = 10
const narrowWidth = 100

/**
 * One progress line, the style of every bar chatmark draws (convert and
 * sync alike): `convert [███░░░░░░░] 30% | 120/400 files | 66 files/s |
 * 4s left | sessions/a.jsonl`, fitted into `width` columns: a long detail is cut from
 * its start (a path's end says most), and the line is cut short of the last
 * column, where a terminal would wrap.
 */
export function progressLine(frame: ProgressFrame, width: number): string {
  const fraction = Math.min(1, Math.max(0, frame.fraction))
  const cells = width < narrowWidth ? narrowBarCells : barCells
  const filled = Math.round(fraction * cells)
  const bar = `${'█'.repeat(filled)}${'░'.repeat(cells - filled)}`
  // Rounded down: 100% only once all is done.
  const fields = [`${frame.label} [${bar}] ${Math.floor(fraction * 100)}%`, frame.amount]
  if (frame.rate !== undefined) fields.push(frame.rate)
  if (frame.left !== undefined) fields.push(`${frame.left} left`)
  const head = fields.join(' | ')
  const room = Math.max(0, width - 1)
  let line = head
  if (frame.detail !== undefined && frame.detail !== '') {
    const space = room - head.length - 3
    const detail = [...frame.detail]
    if (detail.length <= space) line = `${head} | ${frame.detail}`
    else if (space > 1) line = `${head} | …${detail.slice(detail.length - space + 1).join('')}`
  }
  return [...line].slice(0, room).join('')
}
