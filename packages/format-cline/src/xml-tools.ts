import type {Part} from '@chatmark/core/model'

/**
 * The tools Cline, Roo and Kilo described to the model as XML tags before
 * native tool calling (2024 to 2025: `src/core/assistant-message/index.ts`
 * `toolUseNames` in cline/cline, `packages/types/src/tool.ts` in Roo Code). A
 * tag is read as a call only when it is one of these, so prose that shows
 * `<div>` stays prose.
 */
const toolNames = new Set([
  'execute_command',
  'read_file',
  'write_to_file',
  'replace_in_file',
  'search_files',
  'list_files',
  'list_code_definition_names',
  'browser_action',
  'use_mcp_tool',
  'access_mcp_resource',
  'ask_followup_question',
  'plan_mode_respond',
  'attempt_completion',
  'new_task',
  'load_mcp_documentation',
  'web_fetch',
  'web_search',
  'condense',
  'summarize_task',
  'report_bug',
  'new_rule',
  'apply_diff',
  'insert_content',
  'search_and_replace',
  'switch_mode',
  'fetch_instructions',
  'codebase_search',
  'update_todo_list',
  'run_slash_command',
  'generate_image',
  'focus_chain',
  'apply_patch'
])

// Only these names are looked for: an unknown tag left open (`<div>` in prose) must not swallow the text after it.
const tag = new RegExp(`<(thinking|${[...toolNames].join('|')})>([\\s\\S]*?)(?:</\\1>|$)`, 'g')
const parameter = /<([a-z_]+)>\n?([\s\S]*?)\n?<\/\1>/g

/**
 * An assistant text block as parts: `<thinking>` as thinking (Claude 3.5 in
 * Cline's XML era thought aloud in tags), a tool tag as a call whose input
 * is its parameter tags, the rest as text. A tag cut off at the end (the
 * response was interrupted) still counts, to the end of the text.
 */
export function assistantTextParts(text: string): Part[] {
  const parts: Part[] = []
  let last = 0
  for (const match of text.matchAll(tag)) {
    const name = match[1] ?? ''
    pushText(parts, text.slice(last, match.index))
    last = match.index + match[0].length
    const body = match[2] ?? ''
    if (name === 'thinking') {
      if (body.trim()) parts.push({type: 'thinking', text: body.trim()})
      continue
    }
    const input: Record<string, string> = {}
    for (const parameterMatch of body.matchAll(parameter)) input[parameterMatch[1] ?? ''] = parameterMatch[2] ?? ''
    parts.push({type: 'tool-call', text: name, name, input})
  }
  pushText(parts, text.slice(last))
  return parts
}

function pushText(parts: Part[], text: string): void {
  const trimmed = text.trim()
  if (trimmed) parts.push({type: 'text', text: trimmed})
}
