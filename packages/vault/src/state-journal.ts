import {closeSync, fsyncSync, openSync, writeSync} from 'node:fs'
import {readFile, unlink} from 'node:fs/promises'
import {join} from 'node:path'
import {isRecord} from '@chatmark/core'
import type {NoteRecord, SourceRecord} from './vault-state.js'
import {noteRecordIsValid, sourceRecordIsValid} from './vault-state.js'
import {vaultWriteError} from './vault-write-error.js'

/**
 * One line of the journal: the run that writes it (its first line); a note's
 * record as it will be once the note is written (`note`: written before the
 * note is), and as it is (`done`: after; every change of a record is one);
 * a note moved by chatmark (`move`, before the move); a source read to its
 * end (`source`, after all its notes were written).
 */
export type JournalEntry =
  | {run: string; pid: number}
  | {note: string; record: NoteRecord; done?: true}
  | {move: string; from: string; to: string}
  | {source: string; record: SourceRecord}

export const journalFileName = 'journal.jsonl'

/**
 * The journal of a sync, `.chatmark/journal.jsonl`: what the run is doing,
 * line by line, so that a run stopped at any point (killed, a power cut) is
 * taken up by the next: the state file is written once, at the end of a run,
 * and the journal removed after it. Each line is one `write` of a whole line
 * (a process killed between two writes leaves whole lines; a line cut short
 * by a power cut is ignored when read).
 */
export class StateJournal {
  #fd: number | undefined

  constructor(
    readonly stateDir: string,
    readonly run: string,
    readonly dryRun: boolean
  ) {}

  get path(): string {
    return join(this.stateDir, journalFileName)
  }

  async append(entry: JournalEntry): Promise<void> {
    this.write(entry)
  }

  /**
   * Writes a line at once (a blocking call: a line is a few hundred bytes,
   * and a record's change must be in the journal before anything else happens).
   */
  write(entry: JournalEntry): void {
    if (this.dryRun) return
    try {
      if (this.#fd === undefined) {
        // `w`: a journal left by an earlier run was taken up before this run began (see `readJournal`).
        this.#fd = openSync(this.path, 'w')
        writeLine(this.#fd, {run: this.run, pid: process.pid})
      }
      writeLine(this.#fd, entry)
    } catch (error) {
      // No note is written that the journal does not name first: the run cannot go on.
      throw vaultWriteError(error, this.path) ?? error
    }
  }

  /** Makes the lines so far durable (before the state file that replaces them is relied on). */
  async flush(): Promise<void> {
    if (this.#fd !== undefined) fsyncSync(this.#fd)
  }

  /** Closes and removes the journal: the state file now holds everything in it. */
  async remove(): Promise<void> {
    await this.close()
    if (!this.dryRun) await unlink(this.path).catch(() => undefined)
  }

  async close(): Promise<void> {
    const fd = this.#fd
    this.#fd = undefined
    if (fd !== undefined) closeSync(fd)
  }
}

function writeLine(fd: number, entry: JournalEntry): void {
  const bytes = Buffer.from(`${JSON.stringify(entry)}\n`, 'utf8')
  for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset)
}

/** The entries of a journal an interrupted run left (none when there is no journal), whole valid lines only. */
export async function readJournal(stateDir: string): Promise<JournalEntry[] | undefined> {
  let text: string
  try {
    text = await readFile(join(stateDir, journalFileName), 'utf8')
  } catch {
    return undefined
  }
  const entries: JournalEntry[] = []
  for (const line of text.split('\n')) {
    if (line === '') continue
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      continue
    }
    const entry = journalEntry(value)
    if (entry) entries.push(entry)
  }
  return entries
}

function journalEntry(value: unknown): JournalEntry | undefined {
  if (!isRecord(value)) return undefined
  if (typeof value['run'] === 'string' && typeof value['pid'] === 'number')
    return {run: value['run'], pid: value['pid']}
  if (typeof value['note'] === 'string' && noteRecordIsValid(value['record'])) {
    const record = value['record']
    const entry = {note: value['note'], record: {...record, base: record.base ?? record.sha256}}
    return value['done'] === true ? {...entry, done: true} : entry
  }
  if (typeof value['move'] === 'string' && typeof value['from'] === 'string' && typeof value['to'] === 'string')
    return {move: value['move'], from: value['from'], to: value['to']}
  if (typeof value['source'] === 'string' && sourceRecordIsValid(value['record']))
    return {source: value['source'], record: value['record']}
  return undefined
}
