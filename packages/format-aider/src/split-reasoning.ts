import type {Part} from '@chatmark/core/model'

/*
 * Aider writes the model's reasoning into the answer it appends to the history
 * (`Coder.send_message` passes `partial_response_content` to `io.ai_output`):
 * since `aider/reasoning_tags.py` (0.8x, still in 0.86) a provider's separate
 * reasoning is wrapped in `<thinking-content-7bbeb8e1441453ad999a0bbba8a46d4b>`,
 * closed by that tag or by the model's `reasoning_tag` setting (`</think>`); a
 * model whose settings name a `reasoning_tag` writes `<think>` itself. The tag
 * opens the answer; an interrupted reply may lack the closing tag.
 */
const opening = /^<(thinking-content-[0-9a-f]+|think|thinking|reasoning)>[ \t]*\n?/
const closing = /\n?[ \t]*<\/(?:thinking-content-[0-9a-f]+|think|thinking|reasoning)>/

/** An answer's parts: its leading reasoning as a thinking part, then the answer text. */
export function splitReasoning(answer: string): Part[] {
  const open = opening.exec(answer)
  if (!open) return [{type: 'text', text: answer}]
  const rest = answer.slice(open[0].length)
  const close = closing.exec(rest)
  const thought = (close ? rest.slice(0, close.index) : rest).trim()
  const text = close ? rest.slice(close.index + close[0].length).trim() : ''
  const parts: Part[] = []
  if (thought !== '') parts.push({type: 'thinking', text: thought})
  if (text !== '') parts.push({type: 'text', text})
  return parts
}
