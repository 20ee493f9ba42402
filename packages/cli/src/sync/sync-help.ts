import {templateFields} from '@chatmark/vault'
import type {CliFormatOption} from '../args/format-options.js'
import {valueHint} from '../args/format-options.js'
import {configKeys} from './vault-config.js'

const head = `Usage: chatmark sync VAULT [FILE|FOLDER...] [options]

Keeps the notes folder VAULT in sync with the AI tools' own session folders
(chatmark sync --list-sources shows which, where, and how many sessions each
holds), the files and folders named, and the \`sources\` of
VAULT/.chatmark/config.yaml. Unchanged sources are not read again; a note you
edited keeps your edits (merged, or kept as it is with the new version beside
it); nothing is deleted because a source disappeared.

Options:
  --list-sources       list the tools' folders: tool, folder, found or not, sessions
  --dry-run            say what would be done; write nothing
  --since DATE         only conversations updated on or after DATE (YYYY-MM-DD)
  --until DATE         only conversations started on or before DATE
  --project TEXT       only conversations whose project path contains TEXT
  --only ID|TEXT       only the conversation with this id, or titles containing TEXT (repeatable)
  --no-defaults        read only what is named, not the tools' folders
  --template T         where notes go (default: {tool}/{year}-{month}/{date} {title}; below)
  --profile P          obsidian (default) or gfm
  --remote-content R   link (default): remote images become links and HTML that loads
                       or runs things shows as text, so a note fetches nothing; keep
  --time-zone TZ       the time zone of the notes' times (default: this machine's)
  --no-thinking        leave out thinking
  --no-notices         leave out harness notices
  --max-result-chars N keep head and tail of longer tool results (default 4000, 0: all)
  --fold-lines N       fold tool output of more lines (default 20, 0: never)
  --no-redact          keep secrets (API keys, tokens, private keys...) in notes; a
                       vault's config cannot (its redact: false is ignored)
  --use MODULE         register a format from a file or package (repeatable); the folders
                       its tool keeps sessions in are synced too
  --allow-config-sources
                       read the config's sources outside the vault and the tools'
                       folders (without it they are refused: the config may be others')
  --quiet              print only the summary (and failures)
  -j, --jobs N         read up to N sources at once, each in a worker thread (1 to 256;
                       default: one per core; 1: no workers)
  --time-limit S       stop a worker after S seconds on one source, which then fails
                       (default 600, 0: no limit; at most 2147483)
  -h, --help           this help`

/**
 * `chatmark sync --help`: its own options, the format options (of the
 * formats registered, `--use` ones included), the template's placeholders
 * and the keys of the config file.
 */
export function syncHelpText(formatOptions: readonly CliFormatOption[]): string {
  const formats = formatOptions.map((option) => {
    const flag = `${option.type === 'boolean' ? '--[no-]' : '--'}${option.name}${valueHint(option)}`
    return `  ${flag.padEnd(22)} ${option.description} (${option.formats.join(', ')})`
  })
  const fields = Object.entries(templateFields).map(([name, what]) => `  ${`{${name}}`.padEnd(10)} ${what}`)
  const keys = Object.entries(configKeys).map(([name, what]) => `  ${name.padEnd(17)} ${what}`)
  return [
    head,
    ...(formats.length > 0 ? ['', 'Format options (also keys of config.yaml):', ...formats] : []),
    '',
    'Template placeholders (/ separates folders; any other text is kept):',
    ...fields,
    '',
    'VAULT/.chatmark/config.yaml keys (a flag given on the command line wins):',
    ...keys,
    '',
    'Changing an option that shapes the notes renders every note again, once, merging your edits.',
    'Stopping a sync (Ctrl-C, SIGTERM) keeps what it placed; the next sync takes up the rest.',
    '',
    'Exit status: 0 when every source was synced, 1 when any failed, 2 for usage errors (another',
    'sync writing to VAULT included), 130 or 143 when it was stopped.'
  ].join('\n')
}
