/**
 * Gemini CLI's `@path` expansions (`handleAtCommand` in
 * `packages/cli/src/ui/hooks/atCommandProcessor.ts`, v0.1.x on): the prompt,
 * then `\n--- Content from referenced files ---`, then per file
 * `\nContent from @<path>:\n` and its text, then `\n--- End of content ---`.
 * Sessions before v0.28 (no `displayContent`) and every `/chat save`
 * checkpoint hold only this joined text. The reading is shared with Qwen Code,
 * a fork that writes the same block (core's defaults are Gemini CLI's header).
 */
export type {ReferencedFile} from '@chatmark/core/read'
export {referencedFileParts, splitReferencedFiles, withReferencedFiles} from '@chatmark/core/read'
