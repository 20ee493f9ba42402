import {createWriteStream} from 'node:fs'
import {once} from 'node:events'
import {textMaker} from './generator-kit.js'

/**
 * Writes a realistic ChatGPT export `conversations.json` of about
 * `targetBytes`: one JSON array (minified on one line, as ChatGPT writes it)
 * of many conversations, each a `mapping` tree with a hidden system root,
 * custom instructions, user prompts (some with image uploads), answers with
 * Markdown, code and `\ue200cite…\ue201` citations with `content_references`,
 * python calls with `execution_output`, thoughts and reasoning recaps, and
 * regenerated answers and edited prompts on abandoned branches. Each
 * conversation is built and written alone, so 2 GB never sits in memory.
 * Deterministic for a given size.
 */
export async function generateChatgptExport(path: string, targetBytes: number): Promise<void> {
  const {random, sentence, paragraph} = textMaker(
    17,
    'the export stream branch answer model prompt mapping node tree reads each conversation and keeps memory flat ' +
      'across large archives with code and citations'
  )
  const out = createWriteStream(path)
  let written = 0
  const write = async (chunk: string): Promise<void> => {
    written += Buffer.byteLength(chunk)
    if (!out.write(chunk)) await once(out, 'drain')
  }

  let clock = 1735725600 // 2025-01-01T10:00:00Z
  let serial = 0
  const tick = (): number => {
    clock += 1 + random() * 90
    return clock
  }
  const uuid = (): string =>
    `6790a1b2-${(serial++).toString(16).padStart(4, '0').slice(-4)}-8000-9000-${serial.toString(16).padStart(12, '0')}`
  const message = (
    role: string,
    content: unknown,
    extra: {metadata?: unknown; recipient?: string; name?: string} = {}
  ): Record<string, unknown> => ({
    id: uuid(),
    author: {role, name: extra.name ?? null, metadata: {}},
    create_time: tick(),
    update_time: null,
    content,
    status: 'finished_successfully',
    end_turn: role === 'assistant' ? true : null,
    weight: 1,
    metadata: extra.metadata ?? {},
    recipient: extra.recipient ?? 'all',
    channel: null
  })
  const answer = (): {text: string; references: unknown[]} => {
    const references: unknown[] = []
    const pieces = [
      `**${sentence(3)}**`,
      paragraph(),
      `- ${sentence(6)}\n- ${sentence(5)}`,
      '```ts\n' +
        Array.from({length: 4 + Math.floor(random() * 12)}, () => `const ${sentence(1)} = read('${sentence(2)}')`).join(
          '\n'
        ) +
        '\n```',
      paragraph()
    ]
    if (random() < 0.4) {
      const marker = `\ue200cite\ue202turn0search${Math.floor(random() * 9)}\ue201`
      pieces[1] += marker
      const url = `https://docs.example/${sentence(1)}?utm_source=chatgpt.com`
      references.push({
        matched_text: marker,
        start_idx: 0,
        end_idx: 0,
        alt: `([docs.example](${url}))`,
        type: 'grouped_webpages',
        items: [{title: sentence(4), url, attribution: 'docs.example', snippet: paragraph()}],
        status: 'done'
      })
      references.push({matched_text: ' ', type: 'sources_footnote', sources: [{title: sentence(3), url}], alt: ''})
    }
    return {text: pieces.join('\n\n'), references}
  }

  await write('[')
  let first = true
  while (written < targetBytes) {
    const mapping: Record<string, {id: string; message: unknown; parent: string | null; children: string[]}> = {}
    const add = (parent: string | null, value: Record<string, unknown> | null): string => {
      const id = value ? String(value['id']) : 'client-created-root'
      mapping[id] = {id, message: value, parent, children: []}
      if (parent) mapping[parent]?.children.push(id)
      return id
    }
    const start = clock
    let tip = add(null, null)
    tip = add(
      tip,
      message('system', {content_type: 'text', parts: ['']}, {metadata: {is_visually_hidden_from_conversation: true}})
    )
    tip = add(
      tip,
      message(
        'user',
        {content_type: 'user_editable_context', user_profile: paragraph(), user_instructions: paragraph()},
        {metadata: {is_visually_hidden_from_conversation: true}}
      )
    )
    const exchanges = 2 + Math.floor(random() * 14)
    for (let exchange = 0; exchange < exchanges; exchange++) {
      const upload = random() < 0.15
      const prompt = upload
        ? message('user', {
            content_type: 'multimodal_text',
            parts: [
              {
                content_type: 'image_asset_pointer',
                asset_pointer: `file-service://file-${uuid()}`,
                size_bytes: 20000 + Math.floor(random() * 400000),
                width: 1024,
                height: 768,
                fovea: null,
                metadata: null
              },
              paragraph()
            ]
          })
        : message('user', {content_type: 'text', parts: [`${paragraph()}\n\n${paragraph()}`]})
      // An edited prompt: an abandoned sibling with its own answer.
      if (random() < 0.1) {
        const old = add(tip, message('user', {content_type: 'text', parts: [paragraph()]}))
        add(
          old,
          message('assistant', {content_type: 'text', parts: [answer().text]}, {metadata: {model_slug: 'gpt-4o'}})
        )
      }
      tip = add(tip, prompt)
      const model = random() < 0.3 ? 'o3' : 'gpt-4o'
      if (model === 'o3') {
        tip = add(
          tip,
          message(
            'assistant',
            {
              content_type: 'thoughts',
              thoughts: [{summary: sentence(4), content: paragraph(), finished: true}],
              source_analysis_msg_id: uuid()
            },
            {metadata: {model_slug: model}}
          )
        )
        tip = add(
          tip,
          message(
            'assistant',
            {content_type: 'reasoning_recap', content: `Thought for ${1 + Math.floor(random() * 60)}s`},
            {metadata: {model_slug: model}}
          )
        )
      }
      if (random() < 0.2) {
        const code = Array.from({length: 3 + Math.floor(random() * 10)}, () => `print("${sentence(3)}")`).join('\n')
        tip = add(
          tip,
          message(
            'assistant',
            {content_type: 'code', language: 'unknown', text: code},
            {recipient: 'python', metadata: {model_slug: model}}
          )
        )
        tip = add(
          tip,
          message(
            'tool',
            {
              content_type: 'execution_output',
              text: Array.from({length: 3 + Math.floor(random() * 10)}, () => sentence(3)).join('\n')
            },
            {name: 'python', metadata: {aggregate_result: {status: 'success'}}}
          )
        )
      }
      // A regenerated answer: the abandoned one first, the kept one after.
      if (random() < 0.15)
        add(tip, message('assistant', {content_type: 'text', parts: [answer().text]}, {metadata: {model_slug: model}}))
      const {text, references} = answer()
      tip = add(
        tip,
        message(
          'assistant',
          {content_type: 'text', parts: [text]},
          {metadata: {model_slug: model, content_references: references, citations: [], finish_details: {type: 'stop'}}}
        )
      )
    }
    const id = uuid()
    const conversation = {
      title: sentence(4),
      create_time: start,
      update_time: clock,
      mapping,
      moderation_results: [],
      current_node: tip,
      plugin_ids: null,
      conversation_id: id,
      conversation_template_id: null,
      gizmo_id: null,
      is_archived: false,
      safe_urls: [],
      default_model_slug: 'gpt-4o',
      id
    }
    await write(`${first ? '' : ', '}${JSON.stringify(conversation)}`)
    first = false
  }
  await write(']')
  out.end()
  await once(out, 'finish')
}
