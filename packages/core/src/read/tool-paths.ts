import {posix, win32} from 'node:path'
import type {ToolEnvironment} from './tool.js'

/**
 * `node:path` for one platform. Spelled as the type of `posix` rather than `PlatformPath`, which newer
 * `@types/node` no longer exports: these declarations ship in the `chatmark` package, against whatever
 * `@types/node` its user has.
 */
export type PathOfPlatform = typeof posix

/** How a tool's descriptor works out its folders on a platform (see {@link toolPaths}). */
export interface ToolPaths {
  /** `node:path` of the environment's platform: Windows paths are joined with backslashes on any machine. */
  path: PathOfPlatform
  /**
   * The folder an environment variable names, when it is set to an absolute
   * path; `undefined` otherwise. A relative value is resolved by the tool
   * against the folder it was started in, which no one else can know.
   */
  folderFrom(variable: string): string | undefined
}

/** The path functions and folder variables of an environment, for `ToolDescriptor.sessionFolders`. */
export function toolPaths({env, platform}: ToolEnvironment): ToolPaths {
  const path = platform === 'win32' ? win32 : posix
  return {
    path,
    folderFrom(variable) {
      const value = env[variable]
      return value && path.isAbsolute(value) ? value : undefined
    }
  }
}
