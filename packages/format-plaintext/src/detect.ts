import type {Sample, Verdict} from '@chatmark/core/read'
import {chooseVariant} from './choose-variant.js'
import type {ScannedTurn} from './line-scanner.js'
import {looksLikeData} from './looks-like-data.js'
import {looksLikeRecords} from './looks-like-records.js'
import {sampleLines} from './sample-lines.js'
import type {Settings, Variant} from './types.js'
import {unreadableReason} from './unreadable-reason.js'

/**
 * Plain text's verdict. Never claims anything the sample does not call text
 * (JSON, JSON Lines, empty, binary), nor invalid UTF-8, nor text that starts
 * with `{`; and, unless it is a transcript whose speakers alternate, nor text
 * that looks like data or code or like a log of one record per line.
 * `likely` for a `>`-marker or labelled transcript whose speakers alternate
 * at least once in the sample; `possible` for one whose
 * speakers never alternate, and for prose. Pure; reads only the sample.
 */
export function detect(sample: Sample, settings: Settings): Verdict {
  const unreadable = unreadableReason(sample)
  if (unreadable) return {confidence: 'none', reason: unreadable}

  const lines = sampleLines(sample)
  const {variant, scan} = chooseVariant(lines, settings)
  const turns = scan.turns.length
  const alternates = alternations(scan.turns) > 0

  if (alternates) {
    const evidence = evidenceOf[variant] ?? 'speaker labels at line start'
    return {confidence: 'likely', reason: `${evidence}, ${turns} turns in the sample`, variant}
  }

  if (looksLikeRecords(lines)) {
    return {
      confidence: 'none',
      reason: 'text is a log of one record per line (`[09:14] <nick> ...`, timestamps), a format of its own'
    }
  }

  if (looksLikeData(lines)) {
    return {
      confidence: 'none',
      reason: 'text looks like data or code (brackets and quoted keys), not a transcript or prose'
    }
  }

  if (variant !== 'prose') {
    const evidence = (evidenceOf[variant] ?? 'speaker labels at line start').replace(/ followed by replies$/, '')
    return {confidence: 'possible', reason: `${evidence}, but the speakers never alternate in the sample`, variant}
  }

  if (!settings.prose) {
    return {
      confidence: 'none',
      reason: 'no speaker labels or `> ` prompts, and prose is not claimed (option `prose: false`)'
    }
  }
  return {confidence: 'possible', reason: 'text without speaker labels or `> ` prompts: read as a single note', variant}
}

/** What each style's verdict names as its evidence. */
const evidenceOf: Partial<Record<Variant, string>> = {
  marker: '`> ` user prompts followed by replies',
  specstory: 'SpecStory export (`_**User**_` / `_**Agent**_` turns)',
  'claude-terminal': 'Claude Code terminal copy (`> ` prompts, `⏺` answers)'
}

/** How often the speaker changes between the user and the assistant. */
function alternations(turns: readonly ScannedTurn[]): number {
  let count = 0
  let previous: ScannedTurn['role'] | undefined
  for (const turn of turns) {
    if (turn.role !== 'user' && turn.role !== 'assistant') continue
    if (previous !== undefined && previous !== turn.role) count++
    previous = turn.role
  }
  return count
}
