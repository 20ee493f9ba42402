/**
 * The options several formats read, declared once: each format passes its
 * default (a plugin's settings), and the name, type, choices and words are
 * the same for all, so `--help` lists one flag that means one thing.
 */

/** `--branches current|all`: the branch the user kept, or abandoned branches too (Claude, ChatGPT). */
export function branchesOption<const Default extends 'current' | 'all'>(defaultValue: Default) {
  return {
    name: 'branches',
    type: 'string',
    choices: ['current', 'all'],
    default: defaultValue,
    description: "'current': the branch the user kept; 'all': abandoned branches too, as labelled alternates"
  } as const
}

/** `--keep-meta`: text the tool injected into the conversation (context, reminders), shown as notices. */
export function keepMetaOption(defaultValue: boolean) {
  return {
    name: 'keep-meta',
    type: 'boolean',
    default: defaultValue,
    description: 'show text the tool injected (context, reminders) as notices'
  } as const
}

/** `--view note|resume`: every turn said, or what the tool itself loads on resume (Gemini CLI, Qwen Code). */
export function viewOption<const Default extends 'note' | 'resume'>(defaultValue: Default) {
  return {
    name: 'view',
    type: 'string',
    choices: ['note', 'resume'],
    default: defaultValue,
    description: "what to show: 'note', every turn said, or 'resume', what the tool itself would load on resume"
  } as const
}
