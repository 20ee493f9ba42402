import type {Scalar, ScalarTag, Tags} from 'yaml'
import {escapedYamlString, needsYamlEscapes} from './escaped-yaml-string.js'
import {readsAsOtherType} from './reads-as-other-type.js'

/**
 * The tags of a `yaml` schema with its string tag made to write strings that
 * every YAML reader reads back as they are, to pass as `customTags` to a
 * `yaml` Document that frontmatter is written with (see `frontmatterYaml`):
 * a string YAML 1.1 or 1.2 would read as another type plain (`yes`, `on`,
 * `1_000`, `2025-01-01`: {@link readsAsOtherType}) is quoted, and one holding
 * a character YAML 1.1 breaks lines at or refuses is written with escapes
 * ({@link escapedYamlString}). A scalar whose style is set, as one read from
 * a person's own text is, keeps it. (Typed by its caller, so that chatmark's
 * own types need not name `yaml`'s: `Tag` is yaml's `Tags[number]`.)
 */
export function frontmatterTags<Tag>(tags: Tag[]): Tag[] {
  return (tags as Tags).map((tag) =>
    typeof tag === 'object' && tag.tag === 'tag:yaml.org,2002:str' && !('collection' in tag)
      ? everyReaderString(tag)
      : tag
  ) as Tag[]
}

function everyReaderString(tag: ScalarTag): ScalarTag {
  const stringify = tag.stringify
  if (!stringify) return tag
  return {
    ...tag,
    stringify(item, context, onComment, onChompKeep) {
      const value = String(item.value)
      if (item.type !== undefined) return stringify(item, context, onComment, onChompKeep)
      if (needsYamlEscapes(value)) return escapedYamlString(value)
      if (value.includes('\n') || !readsAsOtherType(value)) return stringify(item, context, onComment, onChompKeep)
      // `yaml`'s own choice of quotes: single ones for a text with `"` and no `'`.
      const type: Scalar.Type = value.includes('"') && !value.includes("'") ? 'QUOTE_SINGLE' : 'QUOTE_DOUBLE'
      return stringify({...item, type} as Scalar, context, onComment, onChompKeep)
    }
  }
}
