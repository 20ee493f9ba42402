import type {SessionFolder, ToolDescriptor, ToolEnvironment} from '@chatmark/core/read'
import {toolPaths} from '@chatmark/core/read'
import {companionOf} from './companion-of.js'

/** A rollout of the Rust CLI, plain or zstd-compressed, at any depth (`YYYY/MM/DD/` under `sessions/`). */
const rollouts = ['**/rollout-*.jsonl', '**/rollout-*.jsonl.zst']
/** A rollout of the TypeScript CLI (spring 2025): one JSON document, straight under `sessions/`. */
const tsRollouts = ['rollout-*.json']

/**
 * OpenAI Codex (the CLI, and the IDE extension that runs it), and where it
 * keeps its sessions: the rollouts
 * `sessions/YYYY/MM/DD/rollout-*.jsonl` (or `.jsonl.zst`) and those archived in
 * `archived_sessions/`, in `$CODEX_HOME` or else `~/.codex`
 * (`%USERPROFILE%\.codex` on Windows); the TypeScript CLI of spring 2025 wrote
 * `~/.codex/sessions/rollout-*.json` whatever `CODEX_HOME` said.
 */
export const codexTool: ToolDescriptor = {
  name: 'Codex',
  slug: 'codex',
  sessionFolders,
  companionOf
}

function sessionFolders(environment: ToolEnvironment): SessionFolder[] {
  const {home} = environment
  const {path, folderFrom} = toolPaths(environment)
  // `CODEX_HOME` when set and not empty, else `~/.codex` (openai/codex, codex-rs/utils/home-dir/src/lib.rs
  // `find_codex_home`; the 0.171.0 binary reads no other home variable). The CLI canonicalizes it and refuses
  // one that is missing; a relative value depends on where it started, which sync cannot know: left out.
  const codexHome = folderFrom('CODEX_HOME')
  const standard = path.join(home, '.codex')
  // `sessions` and `archived_sessions` (codex-rs/rollout: SESSIONS_SUBDIR, ARCHIVED_SESSIONS_SUBDIR); 0.171.0 also
  // writes `.jsonl.zst`. Beside them (history.jsonl, session_index.jsonl, the *.sqlite state) nothing is a rollout.
  const setBy = codexHome ? {setBy: 'CODEX_HOME'} : {}
  const folders: SessionFolder[] = [
    {
      path: path.join(codexHome ?? standard, 'sessions'),
      patterns: codexHome ? rollouts : [...rollouts, ...tsRollouts],
      ...setBy
    },
    {path: path.join(codexHome ?? standard, 'archived_sessions'), patterns: rollouts, ...setBy}
  ]
  // The TypeScript CLI always wrote to `os.homedir()/.codex/sessions` (codex-cli/src/utils/storage/save-rollout.ts).
  if (codexHome) folders.push({path: path.join(standard, 'sessions'), patterns: tsRollouts})
  return folders
}
