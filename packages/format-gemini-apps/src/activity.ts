/**
 * One record of a Gemini Apps "My Activity" export, as both forms (JSON and
 * HTML) give it: what the user did (`Prompted <text>`), when, the answer, and
 * the files it names. Records are activities, not conversations: the reader
 * groups them (see `groupActivities`).
 */
export interface Activity {
  /** Place in the file (0 = first record, the newest): for messages and for a stable order. */
  index: number
  /** `Gemini Apps`, or `Bard` in exports of the Bard era. */
  product: string
  /** The record's `title` as written (`Prompted how do I...`). */
  title: string
  /** ISO time, when the record has a readable one. */
  time?: string
  /** The answer: each `safeHtmlItem` (JSON) or the card's content after the time (HTML), Markdown. */
  answer: string[]
  /** `https://gemini.google.com/app/<id>`, when the record names its conversation (2025 exports and later). */
  conversationUrl?: string
  /** The `<id>` of {@link conversationUrl}. */
  conversationId?: string
  /** Files the prompt carried (`attachedFiles`), by the names the export gives them. */
  attachedFiles: string[]
  /** The record's `imageFile`, an image beside the activity file. */
  imageFile?: string
  /** `Model: ...` subtitle, when the record names the model (Bard era). */
  model?: string
  /** Other subtitles, as `name` (with its `value` or `url`). */
  subtitles: string[]
}

/** Where a conversation URL's id is: `https://gemini.google.com/app/<id>` (also `/u/1/app/<id>`, `bard.google.com`). */
const conversationUrlPattern = /^https:\/\/(?:gemini|bard)\.google\.com\/(?:u\/\d+\/)?(?:app|chat)\/([A-Za-z0-9_-]+)/

/** The conversation id a URL names, when it is a Gemini (or Bard) conversation's URL. */
export function conversationIdOf(url: string): string | undefined {
  return conversationUrlPattern.exec(url)?.[1]
}
