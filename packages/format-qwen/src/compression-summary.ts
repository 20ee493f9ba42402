/**
 * The sentence Qwen Code appends to every compression summary it keeps
 * (`RESUME_TRAILER`, added by `postProcessSummary` in
 * `packages/core/src/services/postCompactAttachments.ts`, 0.21 on; 0.15 kept
 * the summary alone): `<summary>\n\n<trailer>`. It is an instruction to the
 * model, the same in every session, neither the summary nor the user's words.
 */
export const resumeTrailer =
  'Resume the prior task using the summary above. Continue from the last in-flight step; ' +
  'do not acknowledge the summary, do not re-introduce, do not greet the user again.'

/**
 * A compressed history's text without the resume trailer: a reader of the note
 * wants the summary, and the trailer would repeat the same fixed sentence
 * under every compaction, so it is dropped, not kept as a detail.
 */
export function withoutResumeTrailer(text: string): string {
  const at = text.indexOf(resumeTrailer)
  if (at < 0) return text
  const before = text.slice(0, at).trimEnd()
  const after = text.slice(at + resumeTrailer.length).trim()
  return after === '' ? before : `${before}\n\n${after}`
}
