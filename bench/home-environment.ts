/**
 * The environment of a person whose home is `home` and who set nothing else: `chatmark sync` then finds the
 * tools' folders under that home only. Built up rather than filtered down from this machine's environment, so
 * that a variable a new format reads to move its tool's folder (`CODEX_HOME`, `XDG_DATA_HOME`...) cannot leak in
 * unless it is listed here.
 */
export function homeEnvironment(home: string): NodeJS.ProcessEnv {
  return {HOME: home, PATH: process.env['PATH'] ?? '/usr/bin:/bin', TZ: 'UTC', LANG: 'C.UTF-8'}
}
