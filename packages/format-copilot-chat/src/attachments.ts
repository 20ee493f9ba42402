import type {AttachmentPart} from '@chatmark/core/model'
import {isRecord, stringOf} from '@chatmark/core/model'
import {baseName, locationOf} from './uri.js'

/**
 * What the user attached to a request (`variableData.variables`,
 * `IChatRequestVariableEntry`): files and folders, selections (a `Location`),
 * images (bytes in `value`, when VS Code kept them), prompt and instruction
 * files (`promptFile`, automatically added when a setting says so), symbols,
 * tools and tool sets, diagnostics, terminal output. Each is described by its
 * kind and name; a file's path is its reference.
 */
export function attachmentsOf(variableData: unknown): AttachmentPart[] {
  const variables = isRecord(variableData) && Array.isArray(variableData['variables']) ? variableData['variables'] : []
  return variables.flatMap((variable) => {
    if (!isRecord(variable)) return []
    const attachment = attachmentOf(variable)
    return attachment ? [attachment] : []
  })
}

function attachmentOf(variable: Record<string, unknown>): AttachmentPart | undefined {
  const kind = stringOf(variable['kind']) ?? 'file'
  const found = locationOf(variable['value'])
  const name = stringOf(variable['name']) ?? (found ? baseName(found.path) : undefined)
  if (!name && !found) return undefined
  const notes = [describe(kind, variable)]
  if (found?.lines) notes.push(`lines ${found.lines}`)
  if (variable['automaticallyAdded'] === true) notes.push('added automatically')
  const attachment: AttachmentPart = {type: 'attachment', text: notes.join(', ')}
  if (name) attachment.name = name
  if (found) attachment.reference = found.path
  const mimeType = stringOf(variable['mimeType'])
  if (mimeType) attachment.mimeType = mimeType
  return attachment
}

/** The kind of attachment in words (`chatVariableEntries.ts` kinds). */
function describe(kind: string, variable: Record<string, unknown>): string {
  switch (kind) {
    case 'promptFile':
      return 'prompt file'
    case 'image':
      return variable['isPasted'] === true ? 'pasted image' : 'image'
    case 'implicit':
      return variable['isSelection'] === true ? 'current selection' : 'current file'
    case 'directory':
      return 'folder'
    case 'paste':
      return 'pasted code'
    default:
      return kind
  }
}
