// Writes schema/conversation.schema.json, the JSON Schema of the conversation model, from the model's
// TypeScript types (src/model/model.ts): the types are the one declaration, and their TSDoc becomes the
// schema's descriptions. `node scripts/conversation-schema.js` rewrites the file; core's test
// conversation-schema.test.ts fails while the committed file differs from what this makes.
import {writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {createGenerator} from 'ts-json-schema-generator'

const core = new URL('../', import.meta.url)

/** Where the schema is written, inside the package (it ships with it). */
export const schemaFile = fileURLToPath(new URL('schema/conversation.schema.json', core))

/** The schema's text, as the file holds it. */
export function conversationSchemaText() {
  const generator = createGenerator({
    path: fileURLToPath(new URL('src/model/model.ts', core)),
    tsconfig: fileURLToPath(new URL('tsconfig.json', core)),
    type: 'Conversation',
    // The validator allows fields the model does not know (a newer chatmark's, a tool's own): so does the schema.
    additionalProperties: true,
    // The types are checked by the build; the generator only reads them.
    skipTypeCheck: true,
    sortProps: true,
    expose: 'export'
  })
  const schema = generator.createSchema('Conversation')
  return `${JSON.stringify(joinPatterns(schema), null, 2)}\n`
}

/**
 * The schema with each `pattern` on one line: TSDoc wraps a pattern longer than a line (the lines are joined
 * without the leading `*` and spaces the comment gives them).
 * @param {unknown} value
 * @returns {unknown}
 */
function joinPatterns(value) {
  if (Array.isArray(value)) return value.map(joinPatterns)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === 'pattern' && typeof item === 'string' ? item.replace(/\s*\n\s*/g, '') : joinPatterns(item)
    ])
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(schemaFile, conversationSchemaText())
  console.log(`wrote ${schemaFile}`)
}
