import {mkdir, readFile, rm, writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {generateClaudeSession} from './generate-claude.js'
import {generateCodexRollout} from './generate-codex.js'
import {generateGeminiSession} from './generate-gemini.js'

/** Each generator's session id, replaced by a numbered one in every copy. */
const templates = [
  {tool: 'claude', generate: generateClaudeSession, id: '5c1e9a70-3b2d-4f8e-a6c4-0d9e8f7a6b5c', extension: '.jsonl'},
  {tool: 'codex', generate: generateCodexRollout, id: '01a22b02-2b07-7891-8afc-c9352ed8c4ef', extension: '.jsonl'},
  {tool: 'gemini', generate: generateGeminiSession, id: '0b9f3c7e-5d2a-4c1b-9e8f-1a2b3c4d5e6f', extension: '.jsonl'}
] as const

/**
 * A folder of `count` generated sessions of about `totalBytes` together, a
 * third each of Claude Code, Codex and Gemini CLI (the bench's generators,
 * about `totalBytes / count` each): each copy has its own session id and its
 * own first prompt, so its own note under its own name.
 */
export async function generateFolder(folder: string, count: number, totalBytes: number): Promise<void> {
  const scratch = join(folder, '.templates')
  await mkdir(scratch, {recursive: true})
  const texts: string[] = []
  for (const template of templates) {
    const path = join(scratch, `${template.tool}${template.extension}`)
    await template.generate(path, Math.round(totalBytes / count))
    texts.push(await readFile(path, 'utf8'))
  }
  await rm(scratch, {recursive: true, force: true})
  for (let index = 0; index < count; index++) {
    const which = index % templates.length
    const template = templates[which]!
    const text = texts[which]!
    const id = `${template.id.slice(0, 24)}${index.toString(16).padStart(12, '0')}`
    // The title: Claude Code's ai-title; Codex's and Gemini's first prompt (its first paragraph), wherever repeated.
    const from =
      template.tool === 'claude'
        ? text.lastIndexOf('"aiTitle":"') + '"aiTitle":"'.length
        : text.lastIndexOf('"text":"', text.indexOf('Please look at')) + '"text":"'.length
    const ends = [text.indexOf('"', from), text.indexOf('\\', from)].filter((end) => end >= 0)
    const words = text.slice(from, Math.min(...ends))
    const unique = text.replaceAll(template.id, id).replaceAll(words, `Session ${index}: ${words}`)
    const sub = String(index % 30).padStart(2, '0')
    await mkdir(join(folder, template.tool, sub), {recursive: true})
    await writeFile(join(folder, template.tool, sub, `session-${index}${template.extension}`), unique)
  }
}
