/**
 * A time left as a progress bar shows it: `59s`, `1m00s`, `2m05s`, `1h02m`.
 * The seconds are rounded once, before they are split into units, so no unit
 * ever reads 60 (`2m60s`, what rounding each part on its own gave for 179.6 s).
 * Hours are shown with minutes, rounded to the nearest minute.
 */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?'
  const whole = Math.max(0, Math.round(seconds))
  if (whole < 60) return `${whole}s`
  if (whole < 3600) return `${Math.floor(whole / 60)}m${pad(whole % 60)}s`
  const minutes = Math.round(whole / 60)
  return `${Math.floor(minutes / 60)}h${pad(minutes % 60)}m`
}

function pad(value: number): string {
  return String(value).padStart(2, '0')
}
