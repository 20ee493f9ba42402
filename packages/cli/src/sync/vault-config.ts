import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {parse as parseYaml} from 'yaml'
import type {CliFormatOption} from '../args/format-options.js'
import {formatOptionValues} from '../args/format-options.js'
import {printable} from '../base/printable.js'
import {checkProfile, checkRemoteContent, checkTimeZone} from './sync-args.js'
import {UsageError} from '../base/usage-error.js'
import {numericOptions} from '../args/numeric-options.js'
import {wholeNumber} from '../args/whole-number.js'

/** Where a vault keeps its own settings, from the vault's folder. */
export const vaultConfigFile = join('.chatmark', 'config.yaml')

/** The vault's own settings, `.chatmark/config.yaml`: the same names as the flags of `chatmark sync`. */
export interface VaultConfig {
  sources: string[]
  template?: string
  profile?: 'obsidian' | 'gfm'
  remoteContent?: 'link' | 'keep'
  timeZone?: string
  thinking?: boolean
  notices?: boolean
  /** Read, but only `true` counts: a shared vault's config must not keep secrets in everyone's notes. */
  redact?: boolean
  maxResultChars?: number
  foldLines?: number
  /** Format options, by key (`keepMeta`). */
  formatOptions: Record<string, unknown>
}

/** The keys of the config file that are not format options, and what each takes (for `sync --help`). */
export const configKeys: Readonly<Record<string, string>> = {
  sources: 'files and folders to read besides the tools’ folders (~ is home): in the vault or the tools’ folders',
  template: 'where notes go (as --template)',
  profile: 'obsidian or gfm',
  'remote-content': 'link or keep (as --remote-content)',
  'time-zone': 'an IANA time zone for the notes’ times (default: this machine’s)',
  thinking: 'false: leave out thinking',
  notices: 'false: leave out harness notices',
  redact: 'ignored when false: only --no-redact keeps secrets in notes',
  'max-result-chars': 'as --max-result-chars',
  'fold-lines': 'as --fold-lines'
}

/**
 * Reads `.chatmark/config.yaml` of the vault, when there is one. Its keys are
 * the flags' names (`time-zone: Europe/Berlin`, `keep-meta: true`); an
 * unknown key or a value of the wrong kind is a usage error naming the file.
 * A module to load (`--use`) is not taken from it: a vault is often a shared
 * repository, and its config must not run code.
 */
export async function readVaultConfig(vault: string, formatOptions: readonly CliFormatOption[]): Promise<VaultConfig> {
  const path = join(vault, vaultConfigFile)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    const code = (error as {code?: unknown}).code
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return {sources: [], formatOptions: {}}
    throw new UsageError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`)
  }
  let data: unknown
  try {
    data = parseYaml(text)
  } catch (error) {
    throw new UsageError(`${path} is not valid YAML: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (data === null || data === undefined) return {sources: [], formatOptions: {}}
  if (typeof data !== 'object' || Array.isArray(data)) throw new UsageError(`${path}: expected a mapping`)
  const values = data as Record<string, unknown>
  const byName = new Map(formatOptions.map((option) => [option.name, option]))
  for (const key of Object.keys(values)) {
    if (!(key in configKeys) && !byName.has(key)) {
      const known = [...Object.keys(configKeys), ...byName.keys()].join(', ')
      throw new UsageError(`${path}: unknown key \`${printable(key)}\` (known: ${known})`)
    }
  }
  const {sources, template, profile} = values
  if (sources !== undefined && !(Array.isArray(sources) && sources.every((item) => typeof item === 'string'))) {
    throw new UsageError(`${path}: sources must be a list of paths`)
  }
  if (template !== undefined && typeof template !== 'string') throw new UsageError(`${path}: template must be text`)
  if (profile !== undefined) checkProfile(profile, `${path}: profile`)
  const config: VaultConfig = {sources: (sources as string[] | undefined) ?? [], formatOptions: {}}
  if (template) config.template = template
  if (profile !== undefined) config.profile = profile
  const remoteContent = values['remote-content']
  if (remoteContent !== undefined) {
    checkRemoteContent(remoteContent, `${path}: remote-content`)
    config.remoteContent = remoteContent
  }
  const zone = values['time-zone']
  if (zone !== undefined) {
    if (typeof zone !== 'string') throw new UsageError(`${path}: time-zone must be text`)
    checkTimeZone(zone, path)
    config.timeZone = zone
  }
  for (const key of ['thinking', 'notices', 'redact'] as const) {
    const value = values[key]
    if (value === undefined) continue
    if (typeof value !== 'boolean') throw new UsageError(`${path}: ${key} must be true or false`)
    config[key] = value
  }
  for (const [key, field] of [
    ['max-result-chars', 'maxResultChars'],
    ['fold-lines', 'foldLines']
  ] as const) {
    const value = values[key]
    if (value === undefined) continue
    // Text is not a number here, even of digits: YAML has numbers, and `'4000'` is quoted on purpose or by mistake.
    config[field] = wholeNumber(
      typeof value === 'number' ? value : JSON.stringify(value),
      `${path}: ${key}`,
      numericOptions[key]
    )
  }
  const options: Record<string, unknown> = {}
  for (const [name, option] of byName) {
    const value = values[name]
    if (value === undefined) continue
    if (option.type === 'boolean') {
      if (typeof value !== 'boolean') throw new UsageError(`${path}: ${name} must be true or false`)
      config.formatOptions[option.key] = value
    } else options[name] = typeof value === 'string' || typeof value === 'number' ? String(value) : value
  }
  try {
    Object.assign(config.formatOptions, formatOptionValues(options, formatOptions))
  } catch (error) {
    throw new UsageError(`${path}: ${error instanceof Error ? error.message : String(error)}`)
  }
  return config
}
