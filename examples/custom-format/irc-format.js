// A complete chatmark format plugin for IRC-style logs, in plain JavaScript:
//
//   [09:14] <alice> has anyone tried the new parser?
//   [09:15] <bob> yes, it streams
//
// Run it with `chatmark --use ./irc-format.js sample.irclog`, or in code with
// `createNormalizer({formats: [ircFormat()]})`. It imports nothing: chatmark is only a development dependency,
// for the type below and the test kit of its tests (test/irc-format.test.js). docs/format-plugins.md is the guide
// to writing one.

const linePattern = /^\[(\d{2}:\d{2})\] <([^>\s]+)> (.*)$/

/**
 * @returns {import('chatmark').FormatPlugin}
 */
export default function ircFormat() {
  return {
    name: 'irc',
    description: 'IRC-style logs: "[hh:mm] <nick> message" lines',
    extensions: ['.irclog'],
    // Where the tool keeps its logs: `chatmark sync --use ./irc-format.js` reads them from there too.
    tool: {
      name: 'IRC logs',
      // The vault's folder of its notes and their Obsidian tag (the default: the name made a slug).
      slug: 'irc-logs',
      sessionFolders: ({home, env}) => [
        env.IRC_LOG_DIR
          ? {path: env.IRC_LOG_DIR, patterns: ['**/*.irclog'], setBy: 'IRC_LOG_DIR'}
          : {path: `${home}/.irclogs`, patterns: ['**/*.irclog']}
      ]
    },
    detect(sample) {
      if (sample.kind !== 'text') return {confidence: 'none', reason: 'not text'}
      const lines = sample.text.split('\n').filter((line) => line.trim() !== '')
      const matching = lines.filter((line) => linePattern.test(line)).length
      if (matching >= 2 && matching === lines.length) {
        return {confidence: 'certain', reason: `all ${matching} lines are "[hh:mm] <nick> message"`}
      }
      // Most lines match: an IRC log with a few other lines (joins, topic changes), still hard to mistake.
      if (matching >= 2 && matching * 5 >= lines.length * 4) {
        return {confidence: 'likely', reason: `${matching} of ${lines.length} lines are "[hh:mm] <nick> message"`}
      }
      return {confidence: 'none', reason: `${matching} of ${lines.length} lines are "[hh:mm] <nick> message"`}
    },
    async *parse(input, context) {
      const decoder = new TextDecoder()
      let text = ''
      for await (const chunk of input.open()) text += decoder.decode(chunk, {stream: true})
      text += decoder.decode()

      const people = new Map()
      const turns = []
      // What was read but not shown as a turn, counted by reason: the note's frontmatter shows it.
      const fidelity = {}
      for (const [index, line] of text.split(/\r?\n/).entries()) {
        if (line.trim() === '') continue
        const match = linePattern.exec(line)
        if (!match) {
          context.file.message(`Line ${index + 1} is not "[hh:mm] <nick> message": skipped`, {
            place: {line: index + 1, column: 1},
            ruleId: 'unknown-line',
            source: 'irc'
          })
          fidelity['unknown-line'] = (fidelity['unknown-line'] ?? 0) + 1
          continue
        }
        const [, time, nick, message] = match
        people.set(nick, {id: nick, name: nick, kind: 'human'})
        turns.push({role: 'user', author: nick, parts: [{type: 'text', text: `${message} (${time})`}]})
      }
      yield {
        id: input.name,
        source: {format: 'irc', path: input.name},
        participants: [...people.values()],
        metadata: {},
        turns,
        fidelity
      }
    }
  }
}
