import {mkdir, readFile, writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

const packages = fileURLToPath(new URL('../packages/', import.meta.url))

/** A real session of each tool, the id it holds, and the words of its first prompt (made unique per copy). */
const templates = [
  {
    tool: 'claude',
    file: 'format-claude/fixtures/claude-code/real-tui-compact/input.jsonl',
    id: '512631c8-14de-455c-a1f6-b9bab3283c2b',
    prompt: 'Good morning.'
  },
  {
    tool: 'codex',
    file: 'format-codex/fixtures/fork/input.jsonl',
    id: '01a22b3b-caa9-7cb3-9442-ad8058d07dd1',
    prompt: 'what was the first thing I asked you'
  },
  {
    tool: 'gemini',
    file: 'format-gemini/fixtures/jsonl-shell-tool/input.jsonl',
    id: 'acfb8c9c-b8f0-49cb-a337-0f7c39accd43',
    prompt: 'Please run the command'
  }
] as const

/** A session id of the same shape as `id`, numbered. */
function idOf(id: string, index: number): string {
  const hex = index.toString(16).padStart(12, '0')
  return `${id.slice(0, 24)}${hex}`
}

/**
 * A home folder holding `count` sessions, a third each in Claude Code's,
 * Codex's and Gemini CLI's own folders: copies of real sessions from the
 * fixtures, each with its own id and first prompt (so its own note), spread
 * over projects and days as the tools lay them out.
 */
export async function generateHome(home: string, count: number): Promise<void> {
  const texts = await Promise.all(templates.map((template) => readFile(join(packages, template.file), 'utf8')))
  for (let index = 0; index < count; index++) {
    const which = index % templates.length
    const template = templates[which]!
    const id = idOf(template.id, index)
    const text = texts[which]!.replaceAll(template.id, id).replaceAll(template.prompt, `${template.prompt} (${index})`)
    const day = String(1 + (index % 28)).padStart(2, '0')
    const project = `project-${index % 12}`
    let path: string
    if (template.tool === 'claude') path = join(home, '.claude/projects', `-work-${project}`, `${id}.jsonl`)
    else if (template.tool === 'codex')
      path = join(home, '.codex/sessions/2026/11', day, `rollout-2026-11-${day}-${id}.jsonl`)
    else path = join(home, '.gemini/tmp', project, 'chats', `session-2026-11-${day}-${id.slice(-8)}.jsonl`)
    await mkdir(join(path, '..'), {recursive: true})
    await writeFile(path, text)
  }
}
