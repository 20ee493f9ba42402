import type {FormatPlugin, NamePattern} from '../read/plugin.js'

/** Where a format is registered (`Normalizer.use`). Default: after the other user formats, before the built-ins. */
export interface UseOptions {
  /** Insert before the format of this name. */
  before?: string
  /** Insert after the format of this name. */
  after?: string
}

/** A normalizer's formats in dispatch order, and whether more may be registered. */
export interface FormatList {
  readonly formats: FormatPlugin[]
  /** Formats `use` inserted (not replacements): new ones go after these. */
  readonly inserted: Set<string>
  frozen: boolean
}

/** The list of the built-in formats, in their order; a later one with a name already there replaces it. */
export function builtinList(builtins: readonly FormatPlugin[]): FormatList {
  const formats: FormatPlugin[] = []
  for (const plugin of builtins) {
    assertPlugin(plugin)
    const at = formats.findIndex((existing) => existing.name === plugin.name)
    if (at === -1) formats.push(plugin)
    else formats[at] = plugin
  }
  return {formats, inserted: new Set(), frozen: false}
}

/** Registers a format: in place of one of its name, else where `options` say (see {@link UseOptions}). */
export function useFormat(state: FormatList, plugin: FormatPlugin, options: UseOptions): void {
  if (state.frozen) {
    throw new Error(
      `Cannot register format \`${String(plugin?.name)}\` on a frozen normalizer: create your own with ` +
        `\`createNormalizer({formats})\` instead`
    )
  }
  assertPlugin(plugin)
  const {formats} = state
  const existing = formats.findIndex((format) => format.name === plugin.name)
  if (existing !== -1 && !options.before && !options.after) {
    // Replace in place: the format keeps its slot in the dispatch order.
    formats[existing] = plugin
    return
  }
  if (existing !== -1) formats.splice(existing, 1)
  formats.splice(insertionIndex(formats, state.inserted, options), 0, plugin)
  state.inserted.add(plugin.name)
}

/** The format of this name, if registered. */
export function formatNamed(state: FormatList, name: string | undefined): FormatPlugin | undefined {
  return state.formats.find((format) => format.name === name)
}

/** The archive members that the registered formats read (`FormatPlugin.archiveMembers`). */
export function archiveMembers(state: FormatList): NamePattern[] {
  return state.formats.flatMap((format) => [...(format.archiveMembers ?? [])])
}

function insertionIndex(list: readonly FormatPlugin[], inserted: ReadonlySet<string>, options: UseOptions): number {
  const anchor = options.before ?? options.after
  if (anchor !== undefined) {
    const at = list.findIndex((format) => format.name === anchor)
    if (at === -1) {
      throw new Error(
        `Cannot place a format ${options.before ? 'before' : 'after'} \`${anchor}\`: no format has that name`
      )
    }
    return options.before ? at : at + 1
  }
  let last = -1
  for (const [index, format] of list.entries()) if (inserted.has(format.name)) last = index
  return last + 1
}

function assertPlugin(plugin: unknown): asserts plugin is FormatPlugin {
  const value = plugin as Partial<FormatPlugin> | undefined
  if (
    !value ||
    typeof value.name !== 'string' ||
    value.name === '' ||
    typeof value.detect !== 'function' ||
    typeof value.parse !== 'function'
  ) {
    throw new TypeError(
      'Expected a format plugin: an object with a non-empty `name`, a `detect(sample)` function and a `parse(input, ' +
        'context)` function'
    )
  }
}
