// Characters a YAML 1.1 reader takes as line breaks (NEL, LS, PS: PyYAML folds a quoted one into a space) or refuses
// anywhere in a document, quoted or not (DEL, C1 controls, U+FFFE, U+FFFF): `yaml` writes them raw inside double
// quotes, so such a string is written here, with them as escapes.
const unwritable = /[\x7f-\x9f\u2028\u2029\ufffe\uffff]/
const unwritables = /[\x7f-\x9f\u2028\u2029\ufffe\uffff]/g

/** Whether `text` holds a character some YAML reader takes or refuses raw (see {@link escapedYamlString}). */
export function needsYamlEscapes(text: string): boolean {
  return unwritable.test(text)
}

/**
 * `text` as a YAML double-quoted scalar on one line: JSON's string, which is
 * one, with the characters YAML 1.1 readers break lines at or refuse as
 * `\uXXXX` escapes too. Every YAML reader reads it back exactly.
 */
export function escapedYamlString(text: string): string {
  return JSON.stringify(text).replace(
    unwritables,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}
