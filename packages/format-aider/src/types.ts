/*
 * The shape of `.aider.chat.history.md`, as aider writes it (Aider-AI/aider,
 * `aider/io.py` at commit 5dc9490b, aider 0.86.3.dev; the same layout since
 * commit 6ea9085e, 2023-05-17):
 *
 * - `InputOutput.__init__`: `\n# aider chat started at YYYY-MM-DD HH:MM:SS\n\n`, the
 *   local time of the machine, once per run;
 * - `user_input`: each line of the input as `#### <line>`, joined by `  \n`,
 *   the last one ending in two spaces too (`append_chat_history(linebreak=True)`);
 *   an empty input is `#### <blank>`;
 * - `ai_output`: `\n` + the answer (Markdown, stripped) + `\n\n`;
 * - `tool_output`, `tool_error`, `tool_warning` and the answers to `confirm_ask`
 *   and `prompt_ask`: `> <text>  \n`. `tool_output` quotes only the first line
 *   of a multi-line message: the other lines follow bare, and only the last one
 *   ends in two spaces.
 */

/** A session's start line; group 1 is the local start time. */
export const sessionHeader = /^# aider chat started at (\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})\s*$/

/** A line of the user's input: `#### text`, or `####` alone for an empty line of it. */
export const userLine = /^####(?: |$)/

/** A line of aider's own output: `> text`, or `>` alone. */
export const toolLine = /^>(?: |$)/

/** Aider ends every user and output line with two spaces, a Markdown line break. */
export const lineBreak = / {2}$/

/** Commands whose argument is a request to the model, read as the user's message. */
export const requestCommands: ReadonlySet<string> = new Set(['/ask', '/code', '/architect', '/context', '/help'])

/** Commands that run a shell command: their output is that command's result. */
export const shellCommands: ReadonlySet<string> = new Set(['/run', '/test', '/lint', '/git'])
