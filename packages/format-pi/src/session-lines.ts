import {stringOf} from '@chatmark/core/model'
import {migrate} from './migrate.js'
import type {PiEntry, PiSession} from './types.js'
import {isPiLine} from './types.js'

/** Collects the lines of one session (JSONL lines, or OpenClaw's rows by `seq`) into a {@link PiSession}. */
export class SessionLines {
  readonly session: PiSession = {entries: [], fidelity: {}}
  /** Lines that are JSON but no Pi line, for one message. */
  readonly unknownLines: number[] = []
  private readonly ids = new Set<string>()

  /** The last line (or row `seq`) added. */
  lastLine: number | undefined

  /** Adds one parsed line; `line` is its 1-based line (or row `seq`). */
  add(value: unknown, line: number): void {
    this.lastLine = line
    if (!isPiLine(value)) {
      this.unknownLines.push(line)
      this.count('unknown-record')
      return
    }
    if (value['type'] === 'session') {
      if (this.session.header) {
        this.count('extra-header')
        return
      }
      const version = typeof value['version'] === 'number' ? value['version'] : 1
      this.session.header = {version, record: value}
      return
    }
    const id = stringOf(value['id']) ?? `line-${line}`
    if (this.ids.has(id)) this.count('duplicate-id')
    this.ids.add(id)
    const entry: PiEntry = {type: String(value['type']), id, line, position: this.session.entries.length, record: value}
    const parent = stringOf(value['parentId'])
    if (parent !== undefined && parent !== id) entry.parentId = parent
    this.session.entries.push(entry)
  }

  /**
   * The session, migrated to version 3. A file without ids is version 1 even when its header is lost (a cut
   * file): its entries are chained in file order.
   */
  finish(): PiSession {
    const header = this.session.header
    const version = header?.version ?? (this.session.entries.some((entry) => 'id' in entry.record) ? 3 : 1)
    migrate(version, this.session.entries, header !== undefined)
    return this.session
  }

  private count(reason: string): void {
    this.session.fidelity[reason] = (this.session.fidelity[reason] ?? 0) + 1
  }
}
