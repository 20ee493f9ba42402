// A format of a person's own, as `chatmark --use` loads it: a module written to disk, importing only Node's own
// modules. Its tool, "Scratch Pad", keeps `*.scratch` files in `~/.scratch` or `$SCRATCH_HOME`, with a draft
// (`X.draft.scratch`) beside a session that belongs to it; its `shout` option is off unless a vault syncs it.

/** The module's text. */
export const scratchFormatSource = `import {basename, dirname, join} from 'node:path'

const line = /^(user|assistant): (.*)$/

export default {
  name: 'scratch',
  description: 'Scratch Pad sessions: "user: ..." and "assistant: ..." lines',
  extensions: ['.scratch'],
  options: [
    {name: 'shout', type: 'boolean', default: false, syncDefault: true, description: 'every message in capitals'}
  ],
  tool: {
    name: 'Scratch Pad',
    slug: 'scratchpad',
    sessionFolders: ({home, env}) => [
      env.SCRATCH_HOME
        ? {path: env.SCRATCH_HOME, patterns: ['*.scratch'], setBy: 'SCRATCH_HOME'}
        : {path: join(home, '.scratch'), patterns: ['*.scratch']}
    ],
    async companionOf(path, siblings) {
      const session = /^(.+)\\.draft\\.scratch$/.exec(basename(path))?.[1]
      if (session === undefined || !siblings.has(session + '.scratch')) return undefined
      return {input: join(dirname(path), session + '.scratch'), reason: (input) => 'the draft of ' + input}
    }
  },
  detect(sample) {
    const lines = sample.kind === 'text' ? sample.text.split('\\n').filter((text) => text.trim() !== '') : []
    return lines.length > 0 && lines.every((text) => line.test(text))
      ? {confidence: 'certain', reason: 'every line is "user:" or "assistant:"'}
      : {confidence: 'none', reason: 'not Scratch Pad lines'}
  },
  async *parse(input, context) {
    const decoder = new TextDecoder()
    let text = ''
    for await (const chunk of input.open()) text += decoder.decode(chunk, {stream: true})
    text += decoder.decode()
    const shout = context.options.shout === true
    const turns = []
    for (const found of text.split('\\n')) {
      const match = line.exec(found)
      if (match) turns.push({role: match[1], parts: [{type: 'text', text: shout ? match[2].toUpperCase() : match[2]}]})
    }
    yield {
      id: basename(input.name).replace(/\\.scratch$/, ''),
      title: turns[0]?.parts[0]?.text,
      createdAt: '2026-11-30T10:00:00Z',
      source: {format: 'scratch'},
      participants: [],
      metadata: {},
      turns,
      fidelity: {}
    }
  }
}
`

/** A session of the Scratch Pad tool. */
export const scratchSession = 'user: how do I keep my notes?\nassistant: sync them into a vault.\n'
