/**
 * The ChatGPT data export's schema (`conversations.json`), as observed in real
 * exports from 2023 to 2026. OpenAI publishes no schema; sources: the shapes
 * inferred from real exports in `Sinity/polylogue`
 * `polylogue/schemas/providers/chatgpt/versions/{v1,v2}`, the fixtures
 * `Sinity/polylogue` `tests/fixtures/chatgpt/native-conversation-v1.json` and
 * `mitkury/chatgpt-export-parser` `example-conversation.json`, and the
 * project's research notes (`formats.md` section 4).
 *
 * The interfaces document the format; parsed JSON is never cast to them.
 * The guards narrow `unknown` to the few fields they check.
 */
import {isRecord, isString} from '@chatmark/core/model'

/** One element of `conversations.json` (or the whole file of a single-conversation export). */
export interface ConversationSchema {
  title: string | null
  /** Epoch seconds, a float. */
  create_time: number | null
  update_time: number | null
  /** Node id → node: the message tree. */
  mapping: Record<string, NodeSchema>
  /** Id of the active leaf: the branch the user last saw. Absent in some browser exports. */
  current_node?: string | null
  /** The same value as `id`. */
  conversation_id?: string
  id?: string
  default_model_slug?: string | null
  /** Custom GPT. */
  gizmo_id?: string | null
  gizmo_type?: string | null
  is_archived?: boolean
  /** And many more: `moderation_results`, `plugin_ids`, `safe_urls`, `conversation_template_id`... */
  [key: string]: unknown
}

/** A node of the message tree. The root usually has `message: null`. */
export interface NodeSchema {
  id: string
  message: MessageSchema | null
  parent: string | null
  /** Every regeneration and every edit adds a child. */
  children: string[]
}

/** A message. */
export interface MessageSchema {
  id: string
  author: {role: 'system' | 'user' | 'assistant' | 'tool'; name: string | null; metadata: Record<string, unknown>}
  create_time: number | null
  update_time: number | null
  content: ContentSchema
  /** `finished_successfully`, `in_progress`, `finished_partial_completion`. */
  status?: string
  end_turn?: boolean | null
  /** `0` on some hidden alternates. */
  weight?: number
  metadata: MessageMetadataSchema
  /**
   * `all`, or the tool a message is addressed to (`python`, `browser`,
   * `web.run`, `dalle.text2im`, `canmore.create_textdoc`...).
   */
  recipient?: string
  /** Newer models: `final`, `analysis`, `commentary`. */
  channel?: string | null
}

/** The message metadata fields that are read. */
export interface MessageMetadataSchema {
  model_slug?: string
  is_visually_hidden_from_conversation?: boolean
  /** Files the user uploaded with the message. */
  attachments?: Array<{id: string; name?: string; mime_type?: string; size?: number; file_id?: string}>
  /** Newer citations: what replaces each private-use marker. */
  content_references?: ContentReferenceSchema[]
  /** Older citations: character ranges of `【n†source】` markers. */
  citations?: Array<{start_ix: number; end_ix: number; metadata?: {title?: string; url?: string; type?: string}}>
  /** `python` runs: status and messages of the execution. */
  aggregate_result?: {status?: string; code?: string}
  is_redacted?: boolean
  [key: string]: unknown
}

/**
 * One citation or entity replacement. `matched_text` is the marker in the
 * message text (`\ue200cite\ue202turn0search1\ue201`, or `【11†source】`);
 * `sources_footnote` entries match a single space and must not replace it.
 */
export interface ContentReferenceSchema {
  matched_text: string
  start_idx?: number
  end_idx?: number
  /** Markdown ChatGPT shows in its place, such as `([Wikipedia](https://...))`; may be empty or null. */
  alt?: string | null
  /** `grouped_webpages`, `sources_footnote`, `entity`, `hidden`, `image_v2`, `products`, `nav_list`, `webpage`... */
  type: string
  items?: Array<{title?: string; url?: string; attribution?: string}>
  /** Entities: the name to show. */
  name?: string
}

/** `content`, tagged by `content_type`. */
export type ContentSchema =
  | {content_type: 'text'; parts: string[]}
  | {content_type: 'multimodal_text'; parts: Array<string | AssetSchema>}
  | {content_type: 'code'; language?: string; text: string; response_format_name?: string | null}
  | {content_type: 'execution_output'; text: string}
  | {content_type: 'tether_browsing_display'; result?: string; summary?: string | null; assets?: unknown[] | null}
  | {content_type: 'tether_quote'; url?: string; domain?: string; text?: string; title?: string}
  | {
      content_type: 'sonic_webpage'
      url?: string
      domain?: string
      title?: string
      text?: string
      snippet?: string
      pub_date?: number | null
    }
  | {content_type: 'system_error'; name?: string; text?: string}
  | {
      content_type: 'thoughts'
      thoughts: Array<{summary?: string; content?: string; finished?: boolean}>
      source_analysis_msg_id?: string
    }
  | {content_type: 'reasoning_recap'; content: string}
  | {content_type: 'user_editable_context'; user_profile?: string; user_instructions?: string}
  | {content_type: 'model_editable_context'; model_set_context?: string}
  | {content_type: 'computer_output'; computer_id?: string; screenshot?: AssetSchema | null; state?: unknown}

/** A non-text piece of `multimodal_text`. */
export interface AssetSchema {
  /**
   * `image_asset_pointer`, `audio_transcription`, `audio_asset_pointer`,
   * `real_time_user_audio_video_asset_pointer`, `video_container_asset_pointer`.
   */
  content_type: string
  /** `file-service://file-<id>` or `sediment://file_<id>`. */
  asset_pointer?: string
  size_bytes?: number
  width?: number
  height?: number
  /** `audio_transcription`. */
  text?: string
  format?: string
  metadata?: {dalle?: {prompt?: string} | null; [key: string]: unknown} | null
}

/** A conversation narrowed to what the guard checks. */
export interface RawConversation {
  mapping: Record<string, unknown>
  [key: string]: unknown
}

/** Whether a value is a conversation: an object with a `mapping` object. */
export function isConversation(value: unknown): value is RawConversation {
  return isRecord(value) && isRecord(value['mapping'])
}

/** Whether a value looks like a mapping node: `{message, parent, ` +
  `children[]}` (the `id` is checked too when present). */
export function isNodeShaped(value: unknown): boolean {
  return (
    isRecord(value) &&
    'message' in value &&
    'parent' in value &&
    Array.isArray(value['children']) &&
    (!('id' in value) || isString(value['id']))
  )
}
