import type {ToolDescriptor} from '@chatmark/core/read'

/**
 * Transcripts in plain text or Markdown, whatever tool saved them (SpecStory,
 * MemPalace, a copied chat): no one tool, and no folder on the machine that
 * is theirs, so none is listed; their notes go in the vault's `transcripts/`.
 */
export const plaintextTool: ToolDescriptor = {name: 'Transcripts', slug: 'transcripts'}
