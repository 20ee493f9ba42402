// What some YAML reader takes, written plain, for something other than a string. The union of YAML 1.2's core
// schema (the `yaml` package, Obsidian), YAML 1.1's types (PyYAML, Jekyll, many static site generators) as the
// `yaml` package's `yaml-1.1` schema and PyYAML's resolver spell them, and what only PyYAML refuses; words in any case.
const date = /[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}/
const time = /(?:t|[ \t]+)[0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(?:\.[0-9]*)?(?:[ \t]*(?:z|[-+][0-9]{1,2}(?::[0-9]{2})?))?/
const otherType = new RegExp(
  [
    // null, and booleans: YAML 1.2's true/false, YAML 1.1's y/n, yes/no, on/off.
    /^(?:~|null|y|yes|n|no|true|false|on|off)?$/i,
    // Integers: decimal, 0b, 0o (1.2), 0x, octal with a leading 0 (1.1), `_` between digits (1.1).
    /^[-+]?(?:0b[01_]+|0o[0-7_]+|0x[0-9a-f_]+|[0-9][0-9_]*)$/i,
    // Floats: 1.5, .5, 1., `.` (1.1), 1_000.5, 1e3, e3 (1.1), 1.5e-3; .inf and .nan.
    /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*(?:e[-+]?[0-9]+)?$/i,
    /^[-+]?(?:[0-9][0-9_]*)?e[-+]?[0-9]+$/i,
    /^[-+]?\.(?:inf|nan)$/i,
    // Sexagesimal (1.1): 1:20 (80), 1:20.5.
    /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/,
    // Timestamps (1.1): 2025-01-01, 2025-1-1 10:00:00, 2025-01-01T10:00:00.5Z, 2025-01-01 10:00:00. +5 (PyYAML).
    new RegExp(`^${date.source}(?:${time.source})?$`),
    // The merge key `<<` (1.1), and PyYAML's `=` (its `value` type, which its safe loader refuses to load).
    /^(?:<<|=)$/,
    // A tab anywhere: PyYAML ends a plain scalar at one, and then fails on the tab.
    /\t/
  ]
    .map((pattern) => `(?:${pattern.source})`)
    .join('|'),
  'i'
)

/**
 * Whether `text`, written as a plain (unquoted) YAML scalar, would not read
 * back as that string in some YAML reader: `yes`, `on`, `1_000`, `0777`,
 * `1:20`, `2025-01-01`, `<<` in YAML 1.1 (PyYAML), `true`, `0o17`, `1e3`,
 * `.nan` in YAML 1.2 too, `=` or a tab in PyYAML. Such a text is quoted.
 * (The empty string counts: it is null.)
 */
export function readsAsOtherType(text: string): boolean {
  return otherType.test(text)
}
