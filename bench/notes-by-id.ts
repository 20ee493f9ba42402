import {readdir, readFile} from 'node:fs/promises'
import {join} from 'node:path'

/** The conversation id in a note's front matter (chatmark writes `id:` unquoted for a conversation's note). */
const idLine = /^id: (.+)$/m

/**
 * The conversation notes under `folder`, by the id in their front matter:
 * what `chatmark -o` and `chatmark sync` wrote for the same sessions. The
 * vault's state folder and its index notes (`id: "chatmark-index:..."`) are
 * left out.
 */
export async function notesById(folder: string): Promise<Map<string, string>> {
  const notes = new Map<string, string>()
  const names = (await readdir(folder, {recursive: true})).filter(
    (name) => name.endsWith('.md') && !name.startsWith('.chatmark')
  )
  for (const name of names) {
    const path = join(folder, name)
    const text = await readFile(path, 'utf8')
    const head = text.startsWith('---\n') ? text.slice(0, text.indexOf('\n---', 4)) : ''
    const id = idLine.exec(head)?.[1]
    if (id !== undefined && !id.startsWith('"chatmark-index:')) notes.set(id, path)
  }
  return notes
}

/** Whether two folders hold the same conversation notes, byte for byte, and how many; else the first difference. */
export async function sameNotes(
  left: string,
  right: string
): Promise<{same: true; count: number} | {same: false; why: string}> {
  const [a, b] = await Promise.all([notesById(left), notesById(right)])
  if (a.size !== b.size) return {same: false, why: `${a.size} notes against ${b.size}`}
  for (const [id, path] of a) {
    const other = b.get(id)
    if (other === undefined) return {same: false, why: `no note of ${id} in ${right}`}
    if (!(await readFile(path)).equals(await readFile(other))) return {same: false, why: `${path} and ${other} differ`}
  }
  return {same: true, count: a.size}
}
