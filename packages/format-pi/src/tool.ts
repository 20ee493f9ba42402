import {stat} from 'node:fs/promises'
import type {SessionFolder, ToolDescriptor, ToolEnvironment} from '@chatmark/core/read'
import {toolPaths} from '@chatmark/core/read'

/**
 * Pi (`@mariozechner/pi-coding-agent`), and where it keeps its sessions:
 * `sessions/--<cwd>--/<time>_<uuid>.jsonl` in its agent folder,
 * `$PI_CODING_AGENT_DIR` or else `~/.pi/agent` (`%USERPROFILE%\.pi\agent` on
 * Windows). OpenClaw (variant `openclaw`) runs Pi's agent and keeps the same
 * entries: in `agents/<agent>/agent/openclaw-agent.sqlite` (2026.9 and later)
 * and before that in `agents/<agent>/sessions/<sessionId>.jsonl`, under its
 * state folder `$OPENCLAW_STATE_DIR` (older `$CLAWDBOT_STATE_DIR`), else `~/.openclaw`.
 */
export const piTool: ToolDescriptor = {
  name: 'Pi',
  slug: 'pi',
  variants: {openclaw: {name: 'OpenClaw', slug: 'openclaw'}},
  sessionFolders,
  companions
}

/** OpenClaw's agent database keeps new rows in its write-ahead log until a checkpoint. */
async function companions(path: string): Promise<string[]> {
  if (!path.endsWith('.sqlite')) return []
  const wal = `${path}-wal`
  return (await stat(wal).catch(() => undefined))?.isFile() ? [wal] : []
}

function sessionFolders(environment: ToolEnvironment): SessionFolder[] {
  const {home} = environment
  const {path, folderFrom} = toolPaths(environment)
  // `getAgentDir()` (badlogic/pi-mono packages/coding-agent/src/config.ts): `PI_CODING_AGENT_DIR` (a leading `~`
  // expanded), else `~/.pi/agent` on every platform; sessions are `sessions/--<cwd>--/*.jsonl` in it.
  const agentDir = folderFrom('PI_CODING_AGENT_DIR')
  const pi: SessionFolder = {
    path: path.join(agentDir ?? path.join(home, '.pi', 'agent'), 'sessions'),
    patterns: ['*/*.jsonl'],
    ...(agentDir ? {setBy: 'PI_CODING_AGENT_DIR'} : {})
  }
  // OpenClaw's state folder (openclaw/openclaw src/config/paths.ts): `OPENCLAW_STATE_DIR`, else the name it had as
  // Clawdbot, `CLAWDBOT_STATE_DIR`, else `~/.openclaw`. Soft-deleted transcripts (`<id>.jsonl.deleted.<time>`)
  // and repair backups (`*.bak-*`) do not end in `.jsonl`, or are left out; `sessions.json` is the index.
  const openclawDir = folderFrom('OPENCLAW_STATE_DIR')
  const clawdbotDir = openclawDir ? undefined : folderFrom('CLAWDBOT_STATE_DIR')
  const openclaw: SessionFolder = {
    path: path.join(openclawDir ?? clawdbotDir ?? path.join(home, '.openclaw'), 'agents'),
    patterns: ['*/agent/openclaw-agent.sqlite', '*/sessions/*.jsonl'],
    ignore: ['*/sessions/*.bak-*', '*/sessions/*.deleted.*'],
    variant: 'openclaw',
    ...(openclawDir ? {setBy: 'OPENCLAW_STATE_DIR'} : clawdbotDir ? {setBy: 'CLAWDBOT_STATE_DIR'} : {})
  }
  return [pi, openclaw]
}
