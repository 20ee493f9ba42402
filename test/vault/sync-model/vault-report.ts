import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import type {SyncModel} from './model.js'
import type {SyncWorld} from './sync-world.js'
import {filesUnder, frontmatterId, isIndexId} from './vault-files.js'

/** Most of a note's or the state file's text a failure message shows. */
const maxShown = 4000

/**
 * The vault as a failure message shows it: every file (chatmark's own folder included) with its size and the id
 * its frontmatter names, then the text of each conversation's note and the state file; and the steps so far.
 */
export async function vaultReport(model: SyncModel, world: SyncWorld): Promise<string> {
  const files = await filesUnder(world.vault)
  const lines = ['the steps:', ...world.history.map((step) => `  ${step}`), `the vault (${world.vault}):`]
  const texts: string[] = []
  for (const [path, facts] of files) {
    let id: string | undefined
    if (path.endsWith('.md')) {
      const text = await readFile(join(world.vault, path), 'utf8').catch(() => '')
      id = frontmatterId(text)
      if (!(id !== undefined && isIndexId(id))) texts.push(`--- ${path}\n${shorten(text)}`)
    }
    const conversation = model.conversations.find((candidate) => candidate.id === id)
    const owner = conversation ? ` (conversation ${conversation.index})` : id === undefined ? '' : ` (id ${id})`
    lines.push(`  ${path}  ${facts.size} bytes${owner}`)
  }
  const state = await readFile(join(world.vault, '.chatmark', 'state.json'), 'utf8').catch(() => undefined)
  lines.push('the model:')
  for (const conversation of model.conversations) {
    const {index, tool, id, turns, source, synced, deletedByUser, unfindable} = conversation
    const flags = [synced && 'synced', deletedByUser && 'note deleted by the person', unfindable && 'unfindable']
    lines.push(
      `  conversation ${index}: ${tool} ${id}, ${turns} turns, ${source === undefined ? 'source gone' : source}` +
        `${flags.some(Boolean) ? ` [${flags.filter(Boolean).join(', ')}]` : ''}`
    )
  }
  lines.push(`  live markers: ${model.markers.map((marker) => `${marker.text} (c${marker.conversation})`).join(', ')}`)
  return [...lines, ...texts, `--- .chatmark/state.json\n${state === undefined ? '(none)' : shorten(state)}`].join('\n')
}

function shorten(text: string): string {
  return text.length <= maxShown ? text : `${text.slice(0, maxShown)}\n[... ${text.length - maxShown} more characters]`
}
