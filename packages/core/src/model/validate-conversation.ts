import {isNumber, isRecord, timeOf} from './guards.js'
import type {
  BranchPart,
  CompactionNotice,
  InterruptedNotice,
  NoticeKind,
  NoticeLevel,
  ParentRelation,
  Part,
  Participant,
  Role,
  ThreadReply
} from './model.js'
import {tokenKeys} from './sum-tokens.js'

/**
 * What is wrong with a value, where: `path` is relative to the value checked
 * (`parts[0].type`), empty for the value itself.
 */
interface Problem {
  path: string
  /** `is "image", expected one of ...`. */
  detail: string
}

/**
 * Every value of a union of strings, in the record's order. The record's type makes the compiler check that none
 * is missing or extra, so each list below is its type; a test holds each equal to the schema's (`modelLists`).
 */
function valuesOf<Value extends string>(set: Record<Value, true>): readonly Value[] {
  return Object.keys(set) as Value[]
}

const roles = valuesOf<Role>({user: true, assistant: true, system: true, tool: true, other: true})
const partTypes = valuesOf<Part['type']>({
  text: true,
  thinking: true,
  'tool-call': true,
  attachment: true,
  code: true,
  quote: true,
  notice: true,
  branch: true
})
const branchOrigins = valuesOf<NonNullable<BranchPart['origin']>>({'edited-prompt': true, 'regenerated-answer': true})
const replyParents = valuesOf<ThreadReply['parent']>({present: true, deleted: true, missing: true})
const participantKinds = valuesOf<Participant['kind']>({human: true, model: true, tool: true, bot: true})
const noticeLevels = valuesOf<NoticeLevel>({info: true, warning: true, error: true})
const compactionTriggers = valuesOf<NonNullable<CompactionNotice['trigger']>>({manual: true, auto: true})
const interruptedBy = valuesOf<NonNullable<InterruptedNotice['by']>>({user: true})
/**
 * Every {@link NoticeKind}, with the check of its fields (text notices: `text` and `details`): the record's type
 * makes the compiler check that none is missing or extra.
 */
const noticeKindSet: Record<NoticeKind, (part: Record<string, unknown>) => Problem | undefined> = {
  error: textNoticeProblemOf,
  'artifact-error': textNoticeProblemOf,
  meta: textNoticeProblemOf,
  system: textNoticeProblemOf,
  synthetic: textNoticeProblemOf,
  'current-branch-unknown': textNoticeProblemOf,
  'redacted-thinking': textNoticeProblemOf,
  'thinking-cut-off': textNoticeProblemOf,
  'unknown-content': textNoticeProblemOf,
  'computer-output': textNoticeProblemOf,
  deleted: textNoticeProblemOf,
  'channel-event': textNoticeProblemOf,
  compaction: (part) =>
    (part['trigger'] === undefined ? undefined : oneOf(part, 'trigger', compactionTriggers)) ??
    optionalNumber(part, 'tokensBefore') ??
    optionalNumber(part, 'tokensAfter') ??
    optionalString(part, 'summary') ??
    optionalTrue(part, 'historyRemoved'),
  interrupted: (part) =>
    (part['by'] === undefined ? undefined : oneOf(part, 'by', interruptedBy)) ??
    optionalTrue(part, 'duringToolUse') ??
    optionalString(part, 'reason'),
  'api-error': (part) =>
    requiredString(part, 'message') ??
    optionalNumber(part, 'status') ??
    optionalString(part, 'errorType') ??
    optionalNumber(part, 'retry') ??
    optionalString(part, 'body'),
  fork: (part) =>
    requiredString(part, 'parent') ?? optionalNumber(part, 'copiedTurns') ?? optionalTrue(part, 'onlyCopied'),
  subagent: (part) =>
    requiredString(part, 'parent') ??
    optionalString(part, 'agent') ??
    optionalString(part, 'nickname') ??
    optionalNumber(part, 'copiedTurns'),
  command: (part) => requiredString(part, 'name') ?? optionalString(part, 'args'),
  'shell-command': (part) => optionalString(part, 'command'),
  agent: (part) => optionalString(part, 'name'),
  subtask: (part) =>
    optionalString(part, 'agent') ?? optionalString(part, 'description') ?? optionalString(part, 'prompt')
}
const noticeKinds = Object.keys(noticeKindSet) as NoticeKind[]
const textNoticeKinds = noticeKinds.filter((kind) => noticeKindSet[kind] === textNoticeProblemOf)
const eventNoticeKinds = noticeKinds.filter((kind) => noticeKindSet[kind] !== textNoticeProblemOf)
const parentRelations = valuesOf<ParentRelation>({fork: true, resume: true, subagent: true})

/**
 * The lists of allowed values the validator holds, by the name of the model's type whose values they are
 * (`Part.type` for the part types). The model's JSON Schema holds the same lists (a test checks it).
 */
export const modelLists: Readonly<Record<string, readonly string[]>> = {
  Role: roles,
  'Part.type': partTypes,
  'BranchPart.origin': branchOrigins,
  'ThreadReply.parent': replyParents,
  'Participant.kind': participantKinds,
  NoticeLevel: noticeLevels,
  'NoticePart.kind': noticeKinds,
  // Only notices among the parts have a `kind` that tells them apart.
  'Part.kind': noticeKinds,
  TextNoticeKind: textNoticeKinds,
  'EventNotice.kind': eventNoticeKinds,
  'CompactionNotice.trigger': compactionTriggers,
  ParentRelation: parentRelations
}

/**
 * Checks that a value is a `Conversation` as the model defines it: every
 * required field present with the right type, every optional one absent or of
 * the right type, roles, part types, notice levels and kinds and a parent's
 * relation from their lists, and times ISO-8601 (see `timeOf`). Fields the
 * model does not know are allowed.
 * Returns the first problem, as the field's path and what is wrong with it
 * (`turns[3].parts[0].type is "image", expected one of text, ...`), or
 * `undefined` when the value is a valid conversation.
 *
 * Cheap enough to run on every conversation of an export: one pass over the
 * value, nothing copied, strings built only for a problem.
 *
 * @example
 *   assert.equal(validateConversation(conversation), undefined)
 */
export function validateConversation(value: unknown): string | undefined {
  const problem = conversationProblem(value)
  if (!problem) return undefined
  return `${problem.path || 'the conversation'} ${problem.detail}`
}

function conversationProblem(value: unknown): Problem | undefined {
  if (!isRecord(value)) return wrong('', value, 'an object')
  if (!isFilledString(value['id'])) return wrong('id', value['id'], 'a non-empty string')
  const source = value['source']
  if (!isRecord(source)) return wrong('source', source, 'an object')
  if (!isFilledString(source['format'])) return wrong('source.format', source['format'], 'a non-empty string')
  const sourceProblem = optionalString(source, 'variant') ?? optionalString(source, 'path')
  if (sourceProblem) return within('source', sourceProblem)
  const problem = optionalString(value, 'title') ?? optionalTime(value, 'createdAt') ?? optionalTime(value, 'updatedAt')
  if (problem) return problem
  const participants = value['participants']
  if (!Array.isArray(participants)) return wrong('participants', participants, 'an array')
  for (let index = 0; index < participants.length; index++) {
    const participantProblem = participantProblemOf(participants[index])
    if (participantProblem) return within(`participants[${index}]`, participantProblem)
  }
  const metadata = value['metadata']
  if (!isRecord(metadata)) return wrong('metadata', metadata, 'an object')
  const metadataProblem = metadataProblemOf(metadata)
  if (metadataProblem) return within('metadata', metadataProblem)
  const turnsProblem = turnsProblemOf(value['turns'])
  if (turnsProblem) return within('turns', turnsProblem)
  const fidelity = value['fidelity']
  if (!isRecord(fidelity)) return wrong('fidelity', fidelity, 'an object')
  for (const key in fidelity) {
    if (!isNumber(fidelity[key])) return wrong(`fidelity${keyPath(key)}`, fidelity[key], 'a number')
  }
  return undefined
}

function participantProblemOf(value: unknown): Problem | undefined {
  if (!isRecord(value)) return wrong('', value, 'an object')
  if (typeof value['id'] !== 'string') return wrong('id', value['id'], 'a string')
  if (typeof value['name'] !== 'string') return wrong('name', value['name'], 'a string')
  return oneOf(value, 'kind', participantKinds)
}

function metadataProblemOf(metadata: Record<string, unknown>): Problem | undefined {
  const models = metadata['models']
  if (models !== undefined) {
    if (!Array.isArray(models)) return wrong('models', models, 'an array')
    for (let index = 0; index < models.length; index++) {
      if (typeof models[index] !== 'string') return wrong(`models[${index}]`, models[index], 'a string')
    }
  }
  const problem =
    optionalString(metadata, 'project') ??
    optionalString(metadata, 'gitBranch') ??
    parentProblemOf(metadata['parent']) ??
    tokens(metadata)
  if (problem) return problem
  const extra = metadata['extra']
  if (extra === undefined) return undefined
  if (!isRecord(extra)) return wrong('extra', extra, 'an object')
  for (const key in extra) {
    const item = extra[key]
    if (typeof item !== 'string' && typeof item !== 'boolean' && !isNumber(item)) {
      return wrong(`extra${keyPath(key)}`, item, 'a string, a number or a boolean')
    }
  }
  return undefined
}

/** `metadata.parent`, when present: the parent session's id and how this one came from it. */
function parentProblemOf(parent: unknown): Problem | undefined {
  if (parent === undefined) return undefined
  if (!isRecord(parent)) return wrong('parent', parent, 'an object')
  const problem = isFilledString(parent['id'])
    ? oneOf(parent, 'relation', parentRelations)
    : wrong('id', parent['id'], 'a non-empty string')
  return problem && within('parent', problem)
}

/** An array of turns: a conversation's, or a subagent's under a tool call. */
function turnsProblemOf(turns: unknown): Problem | undefined {
  if (!Array.isArray(turns)) return wrong('', turns, 'an array')
  for (let index = 0; index < turns.length; index++) {
    const problem = turnProblemOf(turns[index])
    if (problem) return within(`[${index}]`, problem)
  }
  return undefined
}

function turnProblemOf(turn: unknown): Problem | undefined {
  if (!isRecord(turn)) return wrong('', turn, 'an object')
  const problem =
    oneOf(turn, 'role', roles) ??
    optionalString(turn, 'id') ??
    optionalString(turn, 'author') ??
    optionalTime(turn, 'timestamp') ??
    optionalString(turn, 'model') ??
    tokens(turn) ??
    replyProblemOf(turn['reply']) ??
    editedProblemOf(turn['edited']) ??
    reactionsProblemOf(turn['reactions'])
  if (problem) return problem
  const parts = turn['parts']
  if (!Array.isArray(parts)) return wrong('parts', parts, 'an array')
  for (let index = 0; index < parts.length; index++) {
    const partProblem = partProblemOf(parts[index])
    if (partProblem) return within(`parts[${index}]`, partProblem)
  }
  return undefined
}

function partProblemOf(part: unknown): Problem | undefined {
  if (!isRecord(part)) return wrong('', part, 'an object')
  const typeProblem = oneOf(part, 'type', partTypes)
  if (typeProblem) return typeProblem
  if (part['type'] === 'branch') return branchProblemOf(part)
  if (part['type'] === 'notice') return noticeProblemOf(part)
  if (typeof part['text'] !== 'string') return wrong('text', part['text'], 'a string')
  switch (part['type']) {
    case 'thinking':
      return optionalString(part, 'subject')
    case 'tool-call':
      return toolCallProblemOf(part)
    case 'attachment':
      return attachmentProblemOf(part)
    case 'code':
      return optionalString(part, 'language') ?? artifactProblemOf(part['artifact']) ?? executionProblemOf(part)
    case 'quote':
      return optionalString(part, 'title') ?? optionalString(part, 'url')
    default:
      return undefined
  }
}

/** Base64, in the standard or the URL-safe alphabet, without line breaks. */
const base64Pattern = /^[A-Za-z0-9+/_-]*={0,2}$/

/** An attachment's fields; `data` is base64 and `entry` a relative path that cannot climb out of its container. */
function attachmentProblemOf(part: Record<string, unknown>): Problem | undefined {
  const problem =
    optionalString(part, 'name') ??
    optionalString(part, 'mimeType') ??
    optionalNumber(part, 'size') ??
    optionalString(part, 'reference')
  if (problem) return problem
  const data = part['data']
  if (data !== undefined && (typeof data !== 'string' || !base64Pattern.test(data)))
    return wrong('data', data, 'base64 (no line breaks)')
  const entry = part['entry']
  if (entry !== undefined && !isEntryPath(entry))
    return wrong('entry', entry, 'a relative path with / separators, without . or .. segments')
  return undefined
}

/** Whether a value is a path inside a container: relative, `/`-separated, no empty, `.` or `..` segment, no NUL. */
export function isEntryPath(value: unknown): value is string {
  if (typeof value !== 'string' || value === '' || value.includes('\0') || value.includes('\\')) return false
  return value.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
}

/** A code part's `artifact`, when present: a title and an action, and a kind when known. */
function artifactProblemOf(artifact: unknown): Problem | undefined {
  if (artifact === undefined) return undefined
  if (!isRecord(artifact)) return wrong('artifact', artifact, 'an object')
  const problem =
    (typeof artifact['title'] === 'string' ? undefined : wrong('title', artifact['title'], 'a string')) ??
    optionalString(artifact, 'kind') ??
    (typeof artifact['action'] === 'string' ? undefined : wrong('action', artifact['action'], 'a string'))
  return problem && within('artifact', problem)
}

/** A code part's `execution`, when present: an object, with an outcome when known. */
function executionProblemOf(part: Record<string, unknown>): Problem | undefined {
  const execution = part['execution']
  if (execution === undefined) return undefined
  if (!isRecord(execution)) return wrong('execution', execution, 'an object')
  const problem = optionalString(execution, 'outcome')
  return problem && within('execution', problem)
}

/** A branch part: its number, its origin when known, and its own turns. */
function branchProblemOf(part: Record<string, unknown>): Problem | undefined {
  const number = part['number']
  if (!isNumber(number) || !Number.isInteger(number) || number < 1)
    return wrong('number', number, 'a whole number from 1')
  if (part['origin'] !== undefined) {
    const problem = oneOf(part, 'origin', branchOrigins)
    if (problem) return problem
  }
  const problem = turnsProblemOf(part['turns'])
  return problem && within('turns', problem)
}

/** A turn's `reply`, when present: where the thread's first message is, and who started it. */
function replyProblemOf(reply: unknown): Problem | undefined {
  if (reply === undefined) return undefined
  if (!isRecord(reply)) return wrong('reply', reply, 'an object')
  const problem =
    oneOf(reply, 'parent', replyParents) ??
    optionalString(reply, 'starter') ??
    (reply['broadcast'] === undefined || typeof reply['broadcast'] === 'boolean'
      ? undefined
      : wrong('broadcast', reply['broadcast'], 'a boolean'))
  return problem && within('reply', problem)
}

/** A turn's `edited`, when present: an object, with the time of the edit when known. */
function editedProblemOf(edited: unknown): Problem | undefined {
  if (edited === undefined) return undefined
  if (!isRecord(edited)) return wrong('edited', edited, 'an object')
  const problem = optionalTime(edited, 'timestamp')
  return problem && within('edited', problem)
}

/** A turn's `reactions`, when present: each a name and a count. */
function reactionsProblemOf(reactions: unknown): Problem | undefined {
  if (reactions === undefined) return undefined
  if (!Array.isArray(reactions)) return wrong('reactions', reactions, 'an array')
  for (let index = 0; index < reactions.length; index++) {
    const reaction: unknown = reactions[index]
    const problem = !isRecord(reaction)
      ? wrong('', reaction, 'an object')
      : !isFilledString(reaction['name'])
        ? wrong('name', reaction['name'], 'a non-empty string')
        : !isNumber(reaction['count'])
          ? wrong('count', reaction['count'], 'a number')
          : reaction['emoji'] === undefined || isFilledString(reaction['emoji'])
            ? undefined
            : wrong('emoji', reaction['emoji'], 'a non-empty string')
    if (problem) return within(`reactions[${index}]`, problem)
  }
  return undefined
}

function toolCallProblemOf(part: Record<string, unknown>): Problem | undefined {
  if (!isFilledString(part['name'])) return wrong('name', part['name'], 'a non-empty string')
  const problem =
    optionalString(part, 'id') ??
    optionalString(part, 'displayName') ??
    optionalString(part, 'inputLanguage') ??
    optionalString(part, 'status')
  if (problem) return problem
  const result = part['result']
  if (result !== undefined) {
    if (!isRecord(result)) return wrong('result', result, 'an object')
    if (typeof result['text'] !== 'string') return wrong('result.text', result['text'], 'a string')
    const resultProblem =
      (result['isError'] === undefined || typeof result['isError'] === 'boolean'
        ? undefined
        : wrong('isError', result['isError'], 'a boolean')) ??
      optionalString(result, 'language') ??
      optionalString(result, 'fileName') ??
      resultAttachmentsProblemOf(result['attachments'])
    if (resultProblem) return within('result', resultProblem)
  }
  if (part['subagent'] === undefined) return undefined
  const subagentProblem = turnsProblemOf(part['subagent'])
  return subagentProblem && within('subagent', subagentProblem)
}

/** A tool result's `attachments`, when present: attachment parts. */
function resultAttachmentsProblemOf(attachments: unknown): Problem | undefined {
  if (attachments === undefined) return undefined
  if (!Array.isArray(attachments)) return wrong('attachments', attachments, 'an array')
  for (let index = 0; index < attachments.length; index++) {
    const item: unknown = attachments[index]
    const problem = !isRecord(item)
      ? wrong('', item, 'an object')
      : item['type'] !== 'attachment'
        ? wrong('type', item['type'], 'attachment')
        : typeof item['text'] !== 'string'
          ? wrong('text', item['text'], 'a string')
          : attachmentProblemOf(item)
    if (problem) return within(`attachments[${index}]`, problem)
  }
  return undefined
}

/** `tokens`, when present: token counts, each a number when present. */
function tokens(record: Record<string, unknown>): Problem | undefined {
  const counts = record['tokens']
  if (counts === undefined) return undefined
  if (!isRecord(counts)) return wrong('tokens', counts, 'an object')
  for (const key of tokenKeys) {
    const problem = optionalNumber(counts, key)
    if (problem) return within('tokens', problem)
  }
  return undefined
}

/** A notice: its level, then its kind's fields (a notice without a kind is a text notice). */
function noticeProblemOf(part: Record<string, unknown>): Problem | undefined {
  const problem = oneOf(part, 'level', noticeLevels)
  if (problem) return problem
  const kind = part['kind']
  if (kind === undefined) return textNoticeProblemOf(part)
  if (typeof kind !== 'string' || !Object.hasOwn(noticeKindSet, kind)) return oneOf(part, 'kind', noticeKinds)
  return noticeKindSet[kind as NoticeKind](part)
}

function textNoticeProblemOf(part: Record<string, unknown>): Problem | undefined {
  return requiredString(part, 'text') ?? optionalString(part, 'details')
}

function requiredString(record: Record<string, unknown>, key: string): Problem | undefined {
  return typeof record[key] === 'string' ? undefined : wrong(key, record[key], 'a string')
}

/** A flag that is `true` when present (`historyRemoved`): `false` is written by leaving it out. */
function optionalTrue(record: Record<string, unknown>, key: string): Problem | undefined {
  const value = record[key]
  return value === undefined || value === true ? undefined : wrong(key, value, 'true')
}

function oneOf(record: Record<string, unknown>, key: string, allowed: readonly string[]): Problem | undefined {
  const value = record[key]
  return typeof value === 'string' && allowed.includes(value)
    ? undefined
    : wrong(key, value, `one of ${allowed.join(', ')}`)
}

function optionalString(record: Record<string, unknown>, key: string): Problem | undefined {
  const value = record[key]
  return value === undefined || typeof value === 'string' ? undefined : wrong(key, value, 'a string')
}

function optionalNumber(record: Record<string, unknown>, key: string): Problem | undefined {
  const value = record[key]
  return value === undefined || isNumber(value) ? undefined : wrong(key, value, 'a number')
}

function optionalTime(record: Record<string, unknown>, key: string): Problem | undefined {
  const value = record[key]
  if (value === undefined || timeOf(value) !== undefined) return undefined
  return wrong(key, value, 'an ISO-8601 time such as 2026-03-01T10:00:00Z')
}

function wrong(path: string, value: unknown, expected: string): Problem {
  return {path, detail: `is ${describe(value)}, expected ${expected}`}
}

/** The problem of a field of `path`, as a problem of the value holding `path`. */
function within(path: string, problem: Problem): Problem {
  if (problem.path === '') return {path, detail: problem.detail}
  return {path: problem.path.startsWith('[') ? path + problem.path : `${path}.${problem.path}`, detail: problem.detail}
}

/** `.key`, or `["key"]` for a key that is not an identifier. */
function keyPath(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`
}

const maxQuoted = 40

/** A value as a message shows it: `"image"`, `3`, `null`, `missing`, `an array`. */
function describe(value: unknown): string {
  if (value === undefined) return 'missing'
  if (typeof value === 'string') {
    const chars = [...value.slice(0, maxQuoted + 1)]
    return JSON.stringify(chars.length > maxQuoted ? `${chars.slice(0, maxQuoted).join('')}…` : value)
  }
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value)
  }
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

function isFilledString(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}
