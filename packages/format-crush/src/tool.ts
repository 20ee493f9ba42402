import {readFile, stat} from 'node:fs/promises'
import {basename, join} from 'node:path'
import type {SessionFolder, ToolDescriptor, ToolEnvironment} from '@chatmark/core/read'
import {toolPaths} from '@chatmark/core/read'
import {projectsOf} from './project-list.js'

/**
 * Crush (charmbracelet/crush), and where it keeps its sessions: one SQLite
 * database per project, `<project>/.crush/crush.db` (the project's
 * `options.data_directory` may move it), and a list of the projects it ran in,
 * `projects.json`, in its global data folder: `$CRUSH_GLOBAL_DATA`, else
 * `$XDG_DATA_HOME/crush`, else `%LOCALAPPDATA%\crush` on Windows and
 * `~/.local/share/crush` elsewhere (`GlobalConfigData` in
 * `internal/config/load.go`, `internal/projects/projects.go`). `chatmark sync`
 * reads that list, and through it every project's database.
 */
export const crushTool: ToolDescriptor = {
  name: 'Crush',
  slug: 'crush',
  sessionFolders,
  companions
}

function sessionFolders(environment: ToolEnvironment): SessionFolder[] {
  const {path, folderFrom} = toolPaths(environment)
  const global = folderFrom('CRUSH_GLOBAL_DATA')
  if (global) return [{path: global, patterns: ['projects.json'], setBy: 'CRUSH_GLOBAL_DATA'}]
  const dataHome = folderFrom('XDG_DATA_HOME')
  if (dataHome) return [{path: path.join(dataHome, 'crush'), patterns: ['projects.json'], setBy: 'XDG_DATA_HOME'}]
  if (environment.platform === 'win32') {
    const local = folderFrom('LOCALAPPDATA')
    const folder = path.join(local ?? path.join(environment.home, 'AppData', 'Local'), 'crush')
    return [{path: folder, patterns: ['projects.json'], ...(local ? {setBy: 'LOCALAPPDATA'} : {})}]
  }
  return [{path: path.join(environment.home, '.local', 'share', 'crush'), patterns: ['projects.json']}]
}

/**
 * What changes what an input holds: for `projects.json`, each listed
 * project's `crush.db` and its write-ahead log (Crush writes in WAL mode,
 * `internal/db/connect.go`); for a database, its log.
 */
async function companions(file: string): Promise<string[]> {
  if (basename(file) === 'projects.json') {
    let json: unknown
    try {
      json = JSON.parse(await readFile(file, 'utf8'))
    } catch {
      return []
    }
    const files = projectsOf(json).flatMap((project) => {
      const database = join(project.dataDir, 'crush.db')
      return [database, `${database}-wal`]
    })
    return (await Promise.all(files.map(async (path) => ((await isFile(path)) ? [path] : [])))).flat()
  }
  return file.endsWith('.db') && (await isFile(`${file}-wal`)) ? [`${file}-wal`] : []
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false
}
