import {mkdir, writeFile} from 'node:fs/promises'
import {dirname, join} from 'node:path'

// Every place a transcript carries text, as the tool writes it: each carrier puts a list of texts into one input
// of its format (a message each, or a conversation each for titles), in the shape the format's real files have
// (the fixtures of each format show them).

/** A carrier: its name, and the input (files under a folder; `input` is what is converted) holding `texts`. */
export interface Carrier {
  name: string
  /** What the carrier is for, when it is not only a message's text. */
  build(texts: readonly string[]): {input: string; files: Record<string, string>}
}

const time = (index: number): string => new Date(Date.UTC(2026, 2, 2, 9, 0, index)).toISOString()
const jsonl = (lines: readonly unknown[]): string => `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`

/** A Claude Code session: a user's question, then `assistant(text, index)`'s content for each text, in a chain. */
function claudeCode(
  texts: readonly string[],
  assistant: (text: string, index: number) => unknown[],
  extra: (text: string, index: number) => unknown[] = () => []
): string {
  const base = {sessionId: 's-1', cwd: '/home/ada/app', version: '2.0.76', isSidechain: false, userType: 'external'}
  const lines: unknown[] = []
  let parent: string | null = null
  const push = (fields: Record<string, unknown>): void => {
    lines.push({...base, parentUuid: parent, ...fields})
    parent = fields['uuid'] as string
  }
  texts.forEach((text, index) => {
    push({
      type: 'user',
      uuid: `u${index}`,
      timestamp: time(index),
      message: {role: 'user', content: `Question ${index}`}
    })
    const content = assistant(text, index)
    push({
      type: 'assistant',
      uuid: `a${index}`,
      timestamp: time(index),
      message: {id: `m${index}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content}
    })
    for (const line of extra(text, index)) push({timestamp: time(index), ...(line as Record<string, unknown>)})
  })
  return jsonl(lines)
}

const toolUse = (index: number, input: unknown): unknown => ({type: 'tool_use', id: `t${index}`, name: 'Bash', input})
const toolResult = (index: number, content: string): unknown => ({
  type: 'user',
  uuid: `r${index}`,
  message: {role: 'user', content: [{type: 'tool_result', tool_use_id: `t${index}`, content}]}
})

/** A ChatGPT export's conversation: a question, then an answer whose text (and metadata) `answer` gives. */
function chatgptConversation(
  id: string,
  title: string,
  answers: readonly {text: string; metadata?: Record<string, unknown>}[]
): unknown {
  const mapping: Record<string, unknown> = {root: {id: 'root', message: null, parent: null, children: ['u0']}}
  let parent = 'root'
  answers.forEach((answer, index) => {
    const user = `u${index}`
    const assistant = `a${index}`
    const node = (nodeId: string, role: string, text: string, metadata: Record<string, unknown>) => ({
      id: nodeId,
      message: {
        id: nodeId,
        author: {role, name: null, metadata: {}},
        create_time: 1767261600 + index * 2 + (role === 'user' ? 0 : 1),
        content: {content_type: 'text', parts: [text]},
        status: 'finished_successfully',
        weight: 1,
        metadata: role === 'user' ? {} : {model_slug: 'gpt-4o', ...metadata},
        recipient: 'all'
      },
      parent: nodeId === user ? parent : user,
      children: nodeId === user ? [assistant] : index + 1 < answers.length ? [`u${index + 1}`] : []
    })
    mapping[user] = node(user, 'user', `Question ${index}`, {})
    mapping[assistant] = node(assistant, 'assistant', answer.text, answer.metadata ?? {})
    parent = assistant
  })
  return {
    title,
    create_time: 1767261600,
    update_time: 1767261700,
    mapping,
    current_node: parent,
    conversation_id: id,
    id
  }
}

/** A Claude.ai export's conversation of one answer per text, built by `block`. */
function claudeAi(texts: readonly string[], block: (text: string, index: number) => unknown): string {
  const messages = texts.flatMap((text, index) => [
    {
      uuid: `h${index}`,
      text: `Question ${index}`,
      content: [{type: 'text', text: `Question ${index}`, citations: []}],
      sender: 'human',
      created_at: time(index),
      updated_at: time(index),
      attachments: [],
      files: []
    },
    {
      uuid: `b${index}`,
      text: '',
      content: [block(text, index)],
      sender: 'assistant',
      created_at: time(index),
      updated_at: time(index),
      attachments: [],
      files: []
    }
  ])
  return JSON.stringify([
    {
      uuid: 'c0000000-0000-4000-8000-000000000001',
      name: 'Deploy notes',
      created_at: time(0),
      updated_at: time(texts.length),
      account: {uuid: 'a0000000-0000-4000-8000-000000000001'},
      chat_messages: messages
    }
  ])
}

/** Slack keeps a message's links as `<url>` and escapes `&`, `<` and `>`. */
const slackText = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\b(?:https?|ftp):\/\/[^\s"]+/g, (url) => `<${url}>`)

export const carriers: readonly Carrier[] = [
  {
    name: 'Claude Code message',
    build: (texts) => ({
      input: 'session.jsonl',
      files: {'session.jsonl': claudeCode(texts, (text) => [{type: 'text', text}])}
    })
  },
  {
    name: 'Claude Code thinking',
    build: (texts) => ({
      input: 'session.jsonl',
      files: {
        'session.jsonl': claudeCode(texts, (text) => [
          {type: 'thinking', thinking: text, signature: 'c2ln'},
          {type: 'text', text: 'Done.'}
        ])
      }
    })
  },
  {
    name: 'tool input value',
    build: (texts) => ({
      input: 'session.jsonl',
      files: {
        'session.jsonl': claudeCode(
          texts,
          (text, index) => [toolUse(index, {command: text, env: {VALUE: text}})],
          (_, index) => [toolResult(index, 'ok')]
        )
      }
    })
  },
  {
    name: 'tool input key',
    build: (texts) => ({
      input: 'session.jsonl',
      files: {
        'session.jsonl': claudeCode(
          texts,
          (text, index) => [toolUse(index, {[text]: 'x', nested: {[text]: {again: 1}}})],
          (_, index) => [toolResult(index, 'ok')]
        )
      }
    })
  },
  {
    name: 'tool result',
    build: (texts) => ({
      input: 'session.jsonl',
      files: {
        'session.jsonl': claudeCode(
          texts,
          (_, index) => [toolUse(index, {command: 'cat ~/.env'})],
          (text, index) => [toolResult(index, `cat output:\n${text}\n`)]
        )
      }
    })
  },
  {
    name: 'notice',
    build: (texts) => ({
      input: 'session.jsonl',
      files: {
        'session.jsonl': claudeCode(
          texts,
          () => [{type: 'text', text: 'Done.'}],
          (text, index) => [{type: 'system', uuid: `n${index}`, content: text, level: 'warning'}]
        )
      }
    })
  },
  {
    name: 'Codex',
    build: (texts) => ({
      input: 'rollout.jsonl',
      files: {
        'rollout.jsonl': jsonl([
          {
            timestamp: time(0),
            type: 'session_meta',
            payload: {
              id: '0199a6c1-3b0e-7c52-9a7e-5f3a1b2c4d5e',
              timestamp: time(0),
              cwd: '/home/ada/app',
              originator: 'codex_cli_rs',
              cli_version: '0.46.0',
              source: 'cli',
              model_provider: 'openai'
            }
          },
          {timestamp: time(0), type: 'turn_context', payload: {cwd: '/home/ada/app', model: 'gpt-5-codex'}},
          ...texts.flatMap((text, index) => [
            {
              timestamp: time(index),
              type: 'response_item',
              payload: {type: 'message', role: 'user', content: [{type: 'input_text', text: `Question ${index}`}]}
            },
            {
              timestamp: time(index),
              type: 'response_item',
              payload: {type: 'message', role: 'assistant', content: [{type: 'output_text', text}]}
            }
          ])
        ])
      }
    })
  },
  {
    name: 'Gemini',
    build: (texts) => ({
      input: 'session.jsonl',
      files: {
        'session.jsonl': jsonl([
          {
            sessionId: 'acfb8c9c-b8f0-49cb-a337-0f7c39accd43',
            projectHash: 'd16a3a011a067966988e1886e19eb4a3589e9bf1412121b0fa2c04190c6b6a2d',
            startTime: time(0),
            lastUpdated: time(texts.length),
            kind: 'main'
          },
          ...texts.flatMap((text, index) => [
            {id: `u${index}`, timestamp: time(index), type: 'user', content: [{text: `Question ${index}`}]},
            {id: `g${index}`, timestamp: time(index), type: 'gemini', content: text, model: 'gemini-2.5-pro'}
          ])
        ])
      }
    })
  },
  {
    name: 'ChatGPT message',
    build: (texts) => ({
      input: 'conversations.json',
      files: {
        'conversations.json': JSON.stringify([
          chatgptConversation(
            'c-1',
            'Deploy notes',
            texts.map((text) => ({text}))
          )
        ])
      }
    })
  },
  {
    name: 'ChatGPT citation',
    build: (texts) => {
      const marker = (index: number): string => `\uE200cite\uE202turn0search${index}\uE201`
      const answers = texts.map((text, index) => ({
        text: `Sunny in summer.${marker(index)}`,
        metadata: {
          content_references: [
            {
              matched_text: marker(index),
              type: 'grouped_webpages',
              items: [{title: text, url: `https://example.com/page${index}`, attribution: text}]
            }
          ]
        }
      }))
      return {
        input: 'conversations.json',
        files: {'conversations.json': JSON.stringify([chatgptConversation('c-1', 'Sunshine', answers)])}
      }
    }
  },
  {
    name: 'Claude.ai message',
    build: (texts) => ({
      input: 'conversations.json',
      files: {'conversations.json': claudeAi(texts, (text) => ({type: 'text', text, citations: []}))}
    })
  },
  {
    name: 'Claude.ai citation',
    build: (texts) => ({
      input: 'conversations.json',
      files: {
        'conversations.json': claudeAi(texts, (text, index) => ({
          type: 'text',
          text: 'It was reverted in the release.',
          citations: [
            {
              uuid: `e${index}`,
              start_index: 0,
              end_index: 31,
              details: {type: 'web_search_citation', url: `https://example.com/page${index}`, title: text}
            }
          ]
        }))
      }
    })
  },
  {
    name: 'Slack mrkdwn',
    build: (texts) => ({
      input: 'general.json',
      files: {
        'general.json': JSON.stringify(
          texts.map((text, index) => ({
            type: 'message',
            text: slackText(text),
            user: 'U01ADA',
            ts: `${1709715600 + index}.000100`,
            team: 'T01EXAMPLE'
          }))
        )
      }
    })
  },
  {
    name: 'OpenCode',
    build: (texts) => ({
      input: 'session.json',
      files: {
        'session.json': JSON.stringify({
          info: {
            id: 'ses_dc887b348ffeSZRl8rxe8qPDPH',
            slug: 'eager-mountain',
            projectID: 'global',
            directory: '/home/ada/app',
            title: 'Deploy notes',
            version: '1.18.33',
            time: {created: 1796226960568, updated: 1796227077686}
          },
          messages: texts.flatMap((text, index) => {
            const user = `msg_u${String(index).padStart(4, '0')}`
            const assistant = `msg_a${String(index).padStart(4, '0')}`
            const session = 'ses_dc887b348ffeSZRl8rxe8qPDPH'
            const part = (id: string, message: string, value: string) => ({
              type: 'text',
              text: value,
              id,
              sessionID: session,
              messageID: message
            })
            return [
              {
                info: {role: 'user', time: {created: 1796226960974 + index * 10}, id: user, sessionID: session},
                parts: [part(`prt_u${index}`, user, `Question ${index}`)]
              },
              {
                info: {
                  parentID: user,
                  role: 'assistant',
                  modelID: 'mock-model',
                  providerID: 'mock',
                  time: {created: 1796226960975 + index * 10, completed: 1796226960976 + index * 10},
                  id: assistant,
                  sessionID: session
                },
                parts: [part(`prt_a${index}`, assistant, text)]
              }
            ]
          })
        })
      }
    })
  },
  {
    // One conversation per text, titled with it.
    name: 'title',
    build: (texts) => ({
      input: 'conversations.json',
      files: {
        'conversations.json': JSON.stringify(
          texts.map((text, index) => chatgptConversation(`c-${index}`, text, [{text: 'An answer.'}]))
        )
      }
    })
  }
]

/** Writes a carrier's files under `dir`; the path of its input. */
export async function writeCarrier(dir: string, carrier: Carrier, texts: readonly string[]): Promise<string> {
  const {input, files} = carrier.build(texts)
  for (const [name, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), {recursive: true})
    await writeFile(join(dir, name), content)
  }
  return join(dir, input)
}
