import {stat} from 'node:fs/promises'
import type {FormatPlugin, ToolEnvironment} from '@chatmark/core'
import type {ToolFolder} from './tool-folders.js'
import {toolFolders} from './tool-folders.js'
import {sourceFiles} from './source-files.js'

/** A tool's folder as `chatmark sync --list-sources` shows it: whether it is there, and how many sessions it holds. */
export interface ToolSources extends ToolFolder {
  found: boolean
  sessions: number
}

/**
 * Every folder where the tools of `formats` keep their sessions on this
 * machine, found or not, with the number of session inputs in each (those a
 * sync would read from it: a file that belongs to another, left out).
 */
export async function toolSources(
  formats: readonly FormatPlugin[],
  environment: ToolEnvironment
): Promise<{sources: ToolSources[]; problems: string[]}> {
  const {folders, problems} = toolFolders(formats, environment)
  const sources: ToolSources[] = []
  for (const folder of folders) {
    const found = (await stat(folder.path).catch(() => undefined))?.isDirectory() === true
    sources.push({...folder, found, sessions: found ? (await sourceFiles([folder], formats)).length : 0})
  }
  return {sources, problems}
}
