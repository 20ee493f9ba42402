import {isRecord, stringOf} from '@chatmark/core/model'

/** A project Crush ran in, as its `projects.json` lists it (`internal/projects/projects.go`). */
export interface Project {
  /** The project's folder. */
  path: string
  /** Its data folder (`<path>/.crush` unless `options.data_directory` moved it), which holds `crush.db`. */
  dataDir: string
}

/**
 * Whether a JSON document is Crush's `projects.json`:
 * `{"projects": [{"path", "data_dir", "last_accessed"}]}`, an empty list included.
 */
export function isProjectList(json: Record<string, unknown>): boolean {
  const projects = json['projects']
  if (!Array.isArray(projects) || Object.keys(json).length !== 1) return false
  return projects.every(
    (project) => isRecord(project) && typeof project['path'] === 'string' && typeof project['data_dir'] === 'string'
  )
}

/** The projects of a `projects.json` document, each with both folders; an entry without them is left out. */
export function projectsOf(json: unknown): Project[] {
  if (!isRecord(json) || !Array.isArray(json['projects'])) return []
  const projects: Project[] = []
  for (const entry of json['projects']) {
    if (!isRecord(entry)) continue
    const path = stringOf(entry['path'])
    const dataDir = stringOf(entry['data_dir'])
    if (path && dataDir) projects.push({path, dataDir})
  }
  return projects
}
