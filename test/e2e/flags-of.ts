import type {CaseOptions} from '../util/fixtures.js'

/** The command-line flags that ask the CLI for what a case's `options.json` asks of the library. */
export function flagsOf(options: CaseOptions): string[] {
  const flags: string[] = []
  const entries = [...Object.entries(options.format ?? {}), ...Object.entries(options.render ?? {})]
  for (const [key, value] of entries) {
    // A format option's flag is its name in kebab case (`slackSplit`: `--slack-split`), as --list-options shows.
    const flag = `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`
    if (value === true) flags.push(flag)
    else if (value === false) flags.push(`--no-${flag.slice(2)}`)
    else if (typeof value === 'string' || typeof value === 'number') flags.push(flag, String(value))
    else throw new Error(`no flag for the option ${key}: ${JSON.stringify(value)}`)
  }
  return flags
}
