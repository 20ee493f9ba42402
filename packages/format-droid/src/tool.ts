import {stat} from 'node:fs/promises'
import type {CompanionOf, SessionFolder, ToolDescriptor, ToolEnvironment} from '@chatmark/core/read'
import {toolPaths} from '@chatmark/core/read'
import {settingsPathOf} from './settings.js'

/**
 * Factory Droid (`droid`), and where it keeps its sessions:
 * `.factory/sessions/<cwd slug>/<id>.jsonl` (the working folder with every
 * `/` made `-`), each with `<id>.settings.json` beside it, in the home
 * folder, or in `$FACTORY_HOME_OVERRIDE` when that is set. Older builds
 * wrote `.factory/sessions/<id>.jsonl` flat; 0.215.0 still finds those, and
 * keeps side sessions in `sessions/btw/`.
 */
export const droidTool: ToolDescriptor = {
  name: 'Factory Droid',
  slug: 'droid',
  sessionFolders,
  companions,
  companionOf
}

function sessionFolders(environment: ToolEnvironment): SessionFolder[] {
  const {home} = environment
  const {path, folderFrom} = toolPaths(environment)
  // droid 0.215.0 (its bundled binary): `getFactoryHome() = process.env.FACTORY_HOME_OVERRIDE || os.homedir()`,
  // then `path.join(getFactoryHome(), factoryDirName, "sessions")` with `factoryDirName` `.factory` in production
  // builds. `FACTORY_HOME` (named by one peer's notes) is read nowhere in that binary.
  const override = folderFrom('FACTORY_HOME_OVERRIDE')
  return [
    {
      path: path.join(override ?? home, '.factory', 'sessions'),
      patterns: ['*.jsonl', '*/*.jsonl'],
      ...(override ? {setBy: 'FACTORY_HOME_OVERRIDE'} : {})
    }
  ]
}

/** The session's `.settings.json`: its token counts and model change as the session goes on. */
async function companions(path: string): Promise<string[]> {
  const settings = settingsPathOf(path)
  if (!settings) return []
  return (await stat(settings).catch(() => undefined))?.isFile() ? [settings] : []
}

/** `<id>.settings.json` (and Droid's `.settings.json.bak` copy) belong to `<id>.jsonl` beside them. */
async function companionOf(path: string, siblings: ReadonlySet<string>): Promise<CompanionOf | undefined> {
  const match = /^(.*)\.settings\.json(?:\.bak)?$/.exec(path)
  if (!match) return undefined
  const input = `${match[1]}.jsonl`
  const base = input.slice(Math.max(input.lastIndexOf('/'), input.lastIndexOf('\\')) + 1)
  if (!siblings.has(base)) return undefined
  return {input, reason: (session) => `the settings (model, tokens) of ${session}, read with that session`}
}
