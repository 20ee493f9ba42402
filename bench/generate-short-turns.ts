import {lineWriter, textMaker} from './generator-kit.js'

/**
 * Writes a Claude Code session of `lines` short records (about 190 bytes
 * each, as the 200,000-line, 38 MB session): a chain of user and
 * assistant messages of a few words, each its own turn. Long sessions of long
 * lines hide what each turn costs; this one is all turns.
 */
export async function generateShortTurns(path: string, lines: number): Promise<void> {
  const out = lineWriter(path)
  const {sentence} = textMaker(7, 'ok yes run the tests again fix it now done looks good next file please')
  const start = Date.UTC(2026, 10, 30, 8)
  for (let index = 0; index < lines; index++) {
    const role = index % 2 === 0 ? 'user' : 'assistant'
    await out.write({
      parentUuid: index === 0 ? null : uuid(index - 1),
      type: role,
      uuid: uuid(index),
      timestamp: new Date(start + index * 1000).toISOString(),
      sessionId: '5f0c2a4e-1b7d-4c8e-9a3f-2d6b8e1c0a47',
      message: {role, content: [{type: 'text', text: sentence(4)}]}
    })
  }
  await out.close()
}

function uuid(index: number): string {
  return `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`
}
