import {mkdir, writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import type {Conversation, Turn} from 'chatmark'

/**
 * Every place of a transcript where text a person or a model wrote reaches a note or a page (a carrier), and the
 * inputs that put a list of payloads in each: a chatmark conversation model (read by
 * `test/browser/model-format.js`), a Slack export folder and a ChatGPT export. A payload's `{m}` becomes its
 * marker, `xss<Carrier><number>` (`xssText007`): which payload, in which carrier, so a test can say which one ran,
 * was requested or went missing.
 */

/** Which input holds a carrier. */
export type CarrierInput = 'model' | 'slack' | 'chatgpt'

export interface Carrier {
  /** The carrier's word in markers. */
  code: string
  /** What it is, for messages. */
  name: string
  input: CarrierInput
  /**
   * Text the tool stored as Markdown source (a message, thinking, a notice's details, a quoted passage): a note
   * keeps it as Markdown, a page renders it. The other carriers are plain text, which every writer escapes.
   */
  markdown: boolean
  /**
   * Whether its own markup makes links: Markdown's, or Slack's `<url|text>`. A link it wrote stays a link to what
   * it wrote in a note (a page drops an address that could run script); no other carrier makes one.
   */
  links: boolean
  /**
   * What a reader sees of a payload in it: the text itself (`text`, whitespace folded; `line`, as a title shows
   * it, control characters made spaces and bidirectional controls taken out: see `safeTitle`), its characters as a JSON
   * string (`json`, a tool call's input), the start of its first line (`label`, a call's one-line summary, whose
   * whole text is the input's), or what its markup renders, of which the marker at least (`marker`).
   */
  shown: 'text' | 'line' | 'json' | 'label' | 'marker'
}

export const carriers: readonly Carrier[] = [
  {code: 'Text', name: 'message text', input: 'model', markdown: true, links: true, shown: 'marker'},
  {code: 'Think', name: 'thinking', input: 'model', markdown: true, links: true, shown: 'marker'},
  {code: 'Subject', name: 'a thought’s subject', input: 'model', markdown: false, links: false, shown: 'text'},
  {code: 'Tool', name: 'tool call name', input: 'model', markdown: false, links: false, shown: 'text'},
  {code: 'Call', name: 'tool call summary', input: 'model', markdown: false, links: false, shown: 'label'},
  {code: 'Input', name: 'tool call input', input: 'model', markdown: false, links: false, shown: 'json'},
  {code: 'Result', name: 'tool call result', input: 'model', markdown: false, links: false, shown: 'text'},
  {code: 'File', name: 'attachment name', input: 'model', markdown: false, links: false, shown: 'text'},
  {code: 'Notice', name: 'notice text', input: 'model', markdown: false, links: false, shown: 'text'},
  {code: 'Details', name: 'notice details', input: 'model', markdown: true, links: true, shown: 'marker'},
  {code: 'Quote', name: 'quoted passage', input: 'model', markdown: true, links: true, shown: 'marker'},
  {code: 'Page', name: 'quoted page’s title', input: 'model', markdown: false, links: false, shown: 'text'},
  {code: 'Person', name: 'participant name', input: 'model', markdown: false, links: false, shown: 'text'},
  {code: 'Model', name: 'turn model', input: 'model', markdown: false, links: false, shown: 'line'},
  {code: 'Models', name: 'models property', input: 'model', markdown: false, links: false, shown: 'text'},
  {code: 'Project', name: 'project property', input: 'model', markdown: false, links: false, shown: 'text'},
  {code: 'Title', name: 'title', input: 'model', markdown: false, links: false, shown: 'line'},
  // Slack's own markup (`*bold*`, `<url|text>`, `<@U1>`), which the reader turns into Markdown nodes: links only to
  // the web, mail, `tel:` and Slack (a `<javascript:...|x>` stays text), so it counts as making none of its own.
  {code: 'Slack', name: 'Slack mrkdwn', input: 'slack', markdown: false, links: false, shown: 'marker'},
  {
    code: 'Escaped',
    name: 'Slack mrkdwn as Slack escapes it',
    input: 'slack',
    markdown: false,
    links: false,
    shown: 'marker'
  },
  {code: 'Member', name: 'Slack member name', input: 'slack', markdown: false, links: false, shown: 'text'},
  {code: 'Prompt', name: 'ChatGPT prompt', input: 'chatgpt', markdown: true, links: true, shown: 'marker'},
  {code: 'Code', name: 'ChatGPT code', input: 'chatgpt', markdown: false, links: false, shown: 'text'},
  {code: 'Cite', name: 'ChatGPT citation title', input: 'chatgpt', markdown: false, links: false, shown: 'text'},
  {code: 'Old', name: 'ChatGPT older citation title', input: 'chatgpt', markdown: false, links: false, shown: 'text'},
  {code: 'Tether', name: 'ChatGPT quoted page', input: 'chatgpt', markdown: true, links: true, shown: 'marker'},
  {code: 'Chat', name: 'ChatGPT title', input: 'chatgpt', markdown: false, links: false, shown: 'line'}
]

/** A payload of a list: its text, with `{m}` where its marker goes. */
export interface Placed {
  text: string
}

/** Hostile text: what it tries (for messages), and its text with `{m}` where its marker goes. */
export interface Payload extends Placed {
  name: string
  /** Text that Markdown reads as text or code, never as HTML or a link: so it must stay in a note, as in a page. */
  inert?: true
}

/** The marker of payload `index` in carrier `code`: `xssText007`. */
export function marker(code: string, index: number): string {
  return `xss${code}${String(index).padStart(3, '0')}`
}

/** The payload's text with its marker in place. */
export function place(payload: Placed, code: string, index: number): string {
  return payload.text.replaceAll('{m}', marker(code, index))
}

/**
 * The text of payload `index` in carrier `code` for an input of the payloads in carrier `only` (every carrier
 * when absent): elsewhere, a plain word (`plainTool007`), so that a note of one carrier's payloads shows no other's.
 */
function placer(only: string | undefined): (payload: Placed, code: string, index: number) => string {
  return (payload, code, index) =>
    only === undefined || only === code ? place(payload, code, index) : `plain${code}${String(index).padStart(3, '0')}`
}

/** Every carrier's text for a list: what the inputs hold, by marker. */
export function placedTexts(
  payloads: readonly Placed[],
  input?: CarrierInput
): Map<string, {carrier: Carrier; text: string}> {
  const texts = new Map<string, {carrier: Carrier; text: string}>()
  for (const carrier of carriers) {
    if (input !== undefined && carrier.input !== input) continue
    payloads.forEach((payload, index) => {
      texts.set(marker(carrier.code, index), {carrier, text: place(payload, carrier.code, index)})
    })
  }
  return texts
}

/**
 * Text as a reader sees it, for comparing: whitespace folded, and a NUL, which a page shows as `␀` and Markdown
 * as U+FFFD (CommonMark 2.3), as `␀`.
 */
export function folded(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control character is what is matched
  return text.replace(/[\u0000\u2400\ufffd]/g, '\u2400').replace(/\s+/g, ' ')
}

/** Bidirectional embeddings, overrides and isolates, which a title never holds (see `safeTitle`). */
const bidiControl = /[\u202a-\u202e\u2066-\u2069]/g

/** What a reader must find of `text` (with its marker in place) in carrier `carrier`, {@link folded}. */
export function shownOf(carrier: Carrier, text: string, index: number): string {
  switch (carrier.shown) {
    case 'text':
      return folded(text).trim()
    case 'line':
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is matched
      return folded(text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, ' ').replace(bidiControl, '')).trim()
    case 'json':
      return folded(JSON.stringify(text).slice(1, -1))
    case 'label':
      return folded(text.split('\n').find((line) => line.trim() !== '') ?? '')
        .trim()
        .slice(0, 40)
    case 'marker':
      return marker(carrier.code, index)
  }
}

const at = (minute: number): string => new Date(Date.UTC(2026, 2, 3, 9, minute)).toISOString().replace('.000Z', 'Z')

/**
 * One conversation with every payload in every carrier of the model: per payload, a user turn of a participant
 * named by it, an assistant turn (its model, thinking, a tool call with its result, an attachment, a quote) and a
 * notice; the title and the project hold all of them, one after another.
 */
export function modelConversation(payloads: readonly Placed[], only?: string): Conversation {
  const put = placer(only)
  const all = (code: string): string[] => payloads.map((payload, index) => put(payload, code, index))
  const turns: Turn[] = []
  payloads.forEach((payload, index) => {
    const text = (code: string): string => put(payload, code, index)
    turns.push({
      role: 'user',
      author: `person-${index}`,
      timestamp: at(index),
      parts: [{type: 'text', text: text('Text')}]
    })
    turns.push({
      role: 'assistant',
      author: 'model',
      timestamp: at(index),
      model: text('Model'),
      parts: [
        {type: 'thinking', text: text('Think'), subject: text('Subject')},
        {
          type: 'tool-call',
          text: text('Call'),
          name: text('Tool'),
          input: {command: text('Input')},
          status: 'success',
          result: {text: text('Result')}
        },
        {type: 'attachment', text: 'image/png, 1.0 KB', name: text('File'), mimeType: 'image/png', size: 1024},
        {type: 'quote', text: text('Quote'), title: text('Page'), url: 'https://example.com/page'}
      ]
    })
    turns.push({
      role: 'system',
      timestamp: at(index),
      parts: [{type: 'notice', level: 'warning', text: text('Notice'), details: text('Details')}]
    })
  })
  return {
    id: `carriers-${only ?? 'all'}`,
    title: all('Title').join(' · '),
    source: {format: 'hand-written'},
    createdAt: at(0),
    participants: [
      ...payloads.map((payload, index) => ({
        id: `person-${index}`,
        name: put(payload, 'Person', index),
        kind: 'human' as const
      })),
      {id: 'model', name: 'Assistant', kind: 'model' as const}
    ],
    metadata: {models: all('Models'), project: `/home/eve/${all('Project').join(' ')}`},
    turns,
    fidelity: {}
  }
}

/**
 * A conversation model as `test/browser/model-format.js` reads it: `source` and `fidelity` first, so a model longer
 * than the head that detection samples is still recognised from it.
 */
export function modelJson(conversation: Conversation): string {
  const {source, fidelity, ...rest} = conversation
  return JSON.stringify({source, fidelity, ...rest})
}

/** What Slack's export does to message text: `&`, `<` and `>` as entities. */
const slackEscaped = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * A Slack export folder in `dir` with one channel: per payload, a message of a member named by it, its text the
 * payload as a hostile file holds it, then as Slack writes it (escaped), from another member.
 */
export async function slackExport(dir: string, payloads: readonly Placed[], only?: string): Promise<void> {
  const put = placer(only)
  const users = payloads.map((payload, index) => {
    const name = put(payload, 'Member', index)
    return {id: `U${index}`, name: `member${index}`, real_name: name, profile: {real_name: name, display_name: name}}
  })
  users.push({id: 'UESC', name: 'escaper', real_name: 'Escaper', profile: {real_name: 'Escaper', display_name: ''}})
  const start = 1_709_544_000
  const messages = payloads.flatMap((payload, index) => [
    {type: 'message', user: `U${index}`, text: put(payload, 'Slack', index), ts: `${start + index * 60}.000100`},
    {
      type: 'message',
      user: 'UESC',
      text: slackEscaped(put(payload, 'Escaped', index)),
      ts: `${start + index * 60}.000200`
    }
  ])
  const channels = [{id: 'C1', name: 'general', created: start, creator: 'U0', members: users.map((user) => user.id)}]
  await mkdir(join(dir, 'general'), {recursive: true})
  await writeFile(join(dir, 'users.json'), JSON.stringify(users, null, 1))
  await writeFile(join(dir, 'channels.json'), JSON.stringify(channels, null, 1))
  await writeFile(join(dir, 'general', '2024-03-04.json'), JSON.stringify(messages, null, 1))
}

/**
 * A ChatGPT export (`conversations.json`'s text) of one conversation: per payload, a prompt, a code message, an
 * answer citing a page titled by it (`content_references`, and the older `citations` over a `【…†…】` marker), and a
 * quoted page; the title holds all of them.
 */
export function chatgptExport(payloads: readonly Placed[], only?: string): string {
  const put = placer(only)
  const mapping: Record<string, unknown> = {root: {id: 'root', message: null, parent: null, children: []}}
  let last = 'root'
  let time = 1_767_261_600
  const add = (
    id: string,
    role: string,
    content: Record<string, unknown>,
    extra: Record<string, unknown> = {}
  ): void => {
    const message = {
      id,
      author: {role, name: role === 'tool' ? 'web' : null, metadata: {}},
      create_time: time++,
      content,
      status: 'finished_successfully',
      metadata: {},
      recipient: 'all',
      ...extra
    }
    mapping[id] = {id, message, parent: last, children: []}
    ;(mapping[last] as {children: string[]}).children.push(id)
    last = id
  }
  payloads.forEach((payload, index) => {
    const text = (code: string): string => put(payload, code, index)
    add(`u${index}`, 'user', {content_type: 'text', parts: [text('Prompt')]})
    add(`c${index}`, 'assistant', {content_type: 'code', language: 'python', text: text('Code')})
    const cite = `\ue200cite\ue202turn0search${index}\ue201`
    const older = `【${index}†source】`
    const answer = `A claim ${cite} and an older one ${older}.`
    const references = [
      {
        matched_text: cite,
        start_idx: answer.indexOf(cite),
        end_idx: answer.indexOf(cite) + cite.length,
        type: 'grouped_webpages',
        items: [{title: text('Cite'), url: `https://example.com/${marker('Cite', index)}`, attribution: ''}],
        alt: null
      }
    ]
    const start = answer.indexOf(older)
    const citations = [
      {
        start_ix: start,
        end_ix: start + older.length,
        citation_format_type: 'tether_og',
        metadata: {type: 'webpage', title: text('Old'), url: `https://example.com/${marker('Old', index)}`, text: ''}
      }
    ]
    add(
      `a${index}`,
      'assistant',
      {content_type: 'text', parts: [answer]},
      {
        metadata: {content_references: references, citations}
      }
    )
    add(`t${index}`, 'tool', {
      content_type: 'tether_quote',
      url: 'https://example.com/quoted',
      domain: 'example.com',
      title: 'A quoted page',
      text: text('Tether')
    })
  })
  const conversation = {
    title: payloads.map((payload, index) => put(payload, 'Chat', index)).join(' · '),
    create_time: 1_767_261_600,
    update_time: time,
    mapping,
    current_node: last,
    conversation_id: `carriers-${only ?? 'all'}`,
    id: `carriers-${only ?? 'all'}`
  }
  return JSON.stringify([conversation])
}

/**
 * Writes into `dir` the inputs that hold `payloads` in carrier `only` (in every carrier when absent; in none, only
 * plain words, when `only` names no carrier): the model (`model-<only>.json`, read with `--use
 * test/browser/model-format.js`), the Slack export folder (`slack-<only>/`), the ChatGPT export
 * (`chatgpt-<only>.json`), those the carrier is in. Returns their paths.
 */
export async function writeCarrierInputs(dir: string, payloads: readonly Placed[], only?: string): Promise<string[]> {
  const name = only ?? 'all'
  const chosen = carriers.filter((carrier) => carrier.code === only)
  const inputs = new Set((chosen.length === 0 ? carriers : chosen).map((carrier) => carrier.input))
  const paths: string[] = []
  await mkdir(dir, {recursive: true})
  if (inputs.has('model')) {
    paths.push(join(dir, `model-${name}.json`))
    await writeFile(join(dir, `model-${name}.json`), modelJson(modelConversation(payloads, only)))
  }
  if (inputs.has('slack')) {
    paths.push(join(dir, `slack-${name}`))
    await slackExport(join(dir, `slack-${name}`), payloads, only)
  }
  if (inputs.has('chatgpt')) {
    paths.push(join(dir, `chatgpt-${name}.json`))
    await writeFile(join(dir, `chatgpt-${name}.json`), chatgptExport(payloads, only))
  }
  return paths
}
