import type {ParseArgsConfig} from 'node:util'
import {parseArgs} from 'node:util'
import type {CliFormatOption} from '../args/format-options.js'
import {formatOptionValues} from '../args/format-options.js'
import type {NumericOption} from '../args/numeric-options.js'
import {numericFlags, numericOptions} from '../args/numeric-options.js'
import type {OptionsConfig} from '../args/parse-options.js'
import {parseOptions} from '../args/parse-options.js'
import {printable} from '../base/printable.js'
import {UsageError} from '../base/usage-error.js'
import {wholeNumber} from '../args/whole-number.js'

/** What `chatmark sync` was asked (a value absent: not given on the command line). */
export interface SyncArgs {
  vault: string
  inputs: string[]
  dryRun: boolean
  since?: string
  until?: string
  project?: string
  only: string[]
  defaults: boolean
  template?: string
  profile?: 'obsidian' | 'gfm'
  /** `--remote-content` (see `RenderOptions.remoteContent`). */
  remoteContent?: 'link' | 'keep'
  redact?: boolean
  thinking?: boolean
  notices?: boolean
  timeZone?: string
  maxResultChars?: number
  foldLines?: number
  /** The format options given, by key (`keepMeta`); a boolean one may be `false` (`--no-subagents`). */
  formatOptions: Record<string, unknown>
  use: string[]
  /** Read the vault config's sources wherever they are (see `configSources`). */
  allowConfigSources: boolean
  quiet: boolean
  listSources: boolean
  jobs?: number
  timeLimit?: number
  help: boolean
}

/** The sync command's own flags. */
const syncOptions = {
  'dry-run': {type: 'boolean'},
  since: {type: 'string'},
  until: {type: 'string'},
  project: {type: 'string'},
  only: {type: 'string', multiple: true},
  'no-defaults': {type: 'boolean'},
  template: {type: 'string'},
  profile: {type: 'string'},
  'remote-content': {type: 'string'},
  'no-redact': {type: 'boolean'},
  'no-thinking': {type: 'boolean'},
  'no-notices': {type: 'boolean'},
  'time-zone': {type: 'string'},
  'max-result-chars': {type: 'string'},
  'fold-lines': {type: 'string'},
  use: {type: 'string', multiple: true},
  'allow-config-sources': {type: 'boolean'},
  quiet: {type: 'boolean'},
  'list-sources': {type: 'boolean'},
  jobs: {type: 'string', short: 'j'},
  'time-limit': {type: 'string'},
  help: {type: 'boolean', short: 'h'}
} as const satisfies ParseArgsConfig['options']

/** The sync command's own flag names, which no format option may take. */
export const syncOptionNames: ReadonlySet<string> = new Set([
  ...Object.keys(syncOptions),
  'redact',
  'thinking',
  'notices',
  'defaults'
])

/** The `--use` modules of argv, read before the other flags (their formats may add flags). */
export function syncUsedModules(argv: string[]): string[] {
  const {values} = parseArgs({args: argv, allowPositionals: true, strict: false, options: syncOptions})
  return (Array.isArray(values.use) ? values.use : []).filter((value): value is string => typeof value === 'string')
}

/**
 * Parses `chatmark sync`'s argv, with the registered formats' options as
 * flags (a boolean one also as `--no-<name>`, since a vault may set it in
 * its config file).
 */
export function parseSyncArgs(argv: string[], formatOptions: readonly CliFormatOption[]): SyncArgs {
  const config: OptionsConfig = {...syncOptions}
  for (const option of formatOptions) {
    config[option.name] = {type: option.type === 'boolean' ? 'boolean' : 'string'}
    if (option.type === 'boolean') config[`no-${option.name}`] = {type: 'boolean'}
  }
  const {values, positionals} = parseOptions(argv, config, numericFlags(formatOptions))
  const text = (name: string): string | undefined => {
    const value = values[name]
    if (value === undefined) return undefined
    if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} needs a value`)
    return value
  }
  const day = (name: string): string | undefined => {
    const value = text(name)
    if (value !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      throw new UsageError(`--${name} takes a day as YYYY-MM-DD, not \`${printable(value)}\``)
    }
    return value
  }
  const whole = (name: NumericOption): number | undefined => {
    const value = values[name]
    return typeof value === 'string' ? wholeNumber(value, `--${name}`, numericOptions[name]) : undefined
  }
  const profile = text('profile')
  if (profile !== undefined) checkProfile(profile, '--profile')
  const timeZone = text('time-zone')
  if (timeZone !== undefined) checkTimeZone(timeZone, '--time-zone')
  const remoteContent = text('remote-content')
  if (remoteContent !== undefined) checkRemoteContent(remoteContent, '--remote-content')
  const [vault, ...inputs] = positionals
  const help = values['help'] === true
  if (!help && vault === undefined) throw new UsageError('name the notes folder: chatmark sync VAULT')
  const given = formatOptionValues(values, formatOptions)
  for (const option of formatOptions) {
    if (option.type !== 'boolean' || values[`no-${option.name}`] !== true) continue
    if (values[option.name] === true) throw new UsageError(`--${option.name} and --no-${option.name} contradict`)
    given[option.key] = false
  }
  const flag = (name: string): boolean | undefined => (values[`no-${name}`] === true ? false : undefined)
  const args: SyncArgs = {
    vault: vault ?? '',
    inputs,
    dryRun: values['dry-run'] === true,
    only: (values['only'] as string[] | undefined) ?? [],
    defaults: values['no-defaults'] !== true,
    formatOptions: given,
    use: (values['use'] as string[] | undefined) ?? [],
    allowConfigSources: values['allow-config-sources'] === true,
    quiet: values['quiet'] === true,
    listSources: values['list-sources'] === true,
    help
  }
  const optional = {
    since: day('since'),
    until: day('until'),
    project: text('project'),
    template: text('template'),
    profile: profile as SyncArgs['profile'],
    remoteContent: remoteContent as SyncArgs['remoteContent'],
    redact: flag('redact'),
    thinking: flag('thinking'),
    notices: flag('notices'),
    timeZone,
    maxResultChars: whole('max-result-chars'),
    foldLines: whole('fold-lines'),
    jobs: whole('jobs'),
    timeLimit: whole('time-limit')
  }
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) (args as unknown as Record<string, unknown>)[key] = value
  }
  return args
}

/** A profile's name, or a usage error naming where it was given. */
export function checkProfile(value: unknown, where: string): asserts value is 'obsidian' | 'gfm' {
  if (value !== 'obsidian' && value !== 'gfm') {
    throw new UsageError(`${where} is obsidian or gfm, not ${printable(String(value))}`)
  }
}

/** What to do with remote content (`link` or `keep`), or a usage error naming where it was given. */
export function checkRemoteContent(value: unknown, where: string): asserts value is 'link' | 'keep' {
  if (value !== 'link' && value !== 'keep') {
    throw new UsageError(`${where} is link or keep, not ${printable(String(value))}`)
  }
}

/** An IANA time zone, or a usage error naming where it was given. */
export function checkTimeZone(value: string, where: string): void {
  try {
    new Intl.DateTimeFormat('en', {timeZone: value})
  } catch {
    throw new UsageError(
      `${where}: unknown time zone \`${printable(value)}\`: expected an IANA name such as Europe/Berlin`
    )
  }
}
