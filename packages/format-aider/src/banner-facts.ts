/** What aider's start-up lines (`aider/main.py`, `Coder.get_announcements`) say about the run. */
export interface BannerFacts {
  version?: string
  models: string[]
  commandLine?: string
}

/**
 * Facts from a session's first output block: the command line (logged first,
 * `io.tool_output(cmd_line, log_only=True)`), `Aider v0.86.1`, and the model
 * lines (`Main model: X with diff edit format`, older `Model: X ...` and
 * `Models: X with ..., weak model Y`).
 */
export function bannerFacts(lines: readonly string[]): BannerFacts {
  const facts: BannerFacts = {models: []}
  for (const [index, line] of lines.entries()) {
    const version = /^Aider v(\S+)/.exec(line)
    if (version) facts.version = version[1]!
    const model = /^(?:Main model|Model|Models): (\S+)/.exec(line)
    if (model && !facts.models.includes(model[1]!)) facts.models.push(model[1]!)
    if (index === 0 && /(^|[/\\\s])aider(\.exe)?(\s|$)/.test(line)) facts.commandLine = line
  }
  return facts
}
