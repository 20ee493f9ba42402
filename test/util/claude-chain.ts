/** A line of a Claude Code session: message `index` of one chain of messages. */
export function claudeChainLine(index: number, role: string, text: string): string {
  return JSON.stringify({
    type: role,
    timestamp: `2025-06-14T10:00:0${index}Z`,
    parentUuid: index === 0 ? null : `m${index - 1}`,
    sessionId: 's',
    uuid: `m${index}`,
    message: {role, content: [{type: 'text', text}]}
  })
}
