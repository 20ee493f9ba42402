/**
 * Text the Gemini CLI puts in a `user` (or `model`) message itself, found in
 * `google-gemini/gemini-cli` from v0.1.x to 5411f113 (v0.56+):
 * - `packages/core/src/utils/environmentContext.ts`: the environment context,
 *   wrapped in `<session_context>` since v0.29 and bare before
 *   (`This is the Gemini CLI. We are setting up the context for our chat.`),
 *   answered up to v0.28 by a model `Got it. Thanks for the context!`
 *   (`startChat` in `core/client.ts`);
 * - `core/client.ts`: `addDirectoryContext` (`I'm currently working in the
 *   directory`, after `/directory add`), the IDE context (`Here is the user's
 *   editor context ...`, `Here is a summary of changes in the user's editor
 *   context ...`), the next-speaker check's `Please continue.`
 *   (`utils/nextSpeakerChecker.ts` decides, v0.1.x on), the invalid-stream
 *   retry's `System: Please continue.` (v0.9 to v0.41, removed in 9380e13f),
 *   loop-detection feedback (`System: Potential loop detected. ...`),
 *   `<hook_context>` from BeforeAgent hooks, and the compression acknowledgement
 *   `Got it. Thanks for the additional context!`;
 * - `packages/cli/src/ui/hooks/useGeminiStream.ts` (`User has manually exited
 *   Plan Mode.`).
 * The shell-mode record (`I ran the following shell command:`) is not here:
 * the user ran that command, and `shell-mode.ts` reads it as such.
 * Since `addHistory` records through `recordSyntheticMessage` (v0.44+), each
 * of these can be a `user` line in a session log; all are in `/chat save`
 * checkpoints, which hold the model's history as it was.
 */
const userPrefixes: ReadonlyArray<readonly [prefix: string, label: string]> = [
  ['<session_context>', 'Session context'],
  ['This is the Gemini CLI. We are setting up the context for our chat.', 'Session context'],
  // Qwen Code v0.1.x, a fork of the CLI, with its own name.
  ['This is the Qwen Code. We are setting up the context for our chat.', 'Session context'],
  ['<hook_context>', 'Hook context'],
  ["I'm currently working in the directory:", 'Directory context'],
  ["I'm currently working in the following directories:", 'Directory context'],
  ["Here is the user's editor context", 'IDE context'],
  ["Here is a summary of changes in the user's editor context", 'IDE context'],
  ['System: Potential loop detected.', 'Loop-detection feedback'],
  ['User has manually exited Plan Mode.', 'Plan mode change']
]

/**
 * Whole messages the CLI sends to make the model go on. A user who types
 * exactly `Please continue.` is read as the CLI's request too: the file has no
 * mark that tells them apart before v0.28, when `displayContent` (the prompt
 * the injected request continues) began to be recorded with it.
 */
const userMessages: ReadonlyMap<string, string> = new Map([
  ['Please continue.', 'Continuation request'],
  ['System: Please continue.', 'Continuation request']
])

const modelMessages: ReadonlyMap<string, string> = new Map([
  ['Got it. Thanks for the context!', 'Context acknowledgement'],
  ['Got it. Thanks for the additional context!', 'Context acknowledgement']
])

/** What injected a piece of text, as a short label (`Session context`), or `undefined` for text someone wrote. */
export function injectedUserText(text: string): string | undefined {
  const trimmed = text.trim()
  const whole = userMessages.get(trimmed)
  if (whole) return whole
  for (const [prefix, label] of userPrefixes) if (trimmed.startsWith(prefix)) return label
  return undefined
}

/** The label of a model message the CLI wrote into history itself, or `undefined`. */
export function injectedModelText(text: string): string | undefined {
  return modelMessages.get(text.trim())
}
