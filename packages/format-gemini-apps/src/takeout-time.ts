/**
 * The time of an HTML card, as Takeout writes it in the export's locale
 * (English: `Mar 1, 2026, 10:04:05 AM CET`, the hour without a leading zero,
 * a narrow no-break space before `AM` in newer exports, a zone abbreviation
 * or `GMT+05:30`), as an ISO time. `undefined` when it is not such a time or
 * its zone is not one of those below (the time would be wrong by hours):
 * agentsview's Takeout parser (kenn-io/agentsview
 * `internal/parser/gemini_apps_takeout.go`) reads the same shape.
 */
export function takeoutTime(text: string): string | undefined {
  const match = timePattern.exec(text.replace(/[\u00a0\u202f]/g, ' '))
  if (!match) return undefined
  const [, monthName = '', day = '', year = '', hour = '', minute = '', second = '', half = '', zone = ''] = match
  const month = months.indexOf(monthName.slice(0, 3).toLowerCase())
  const offset = zoneOffset(zone)
  if (month < 0 || offset === undefined) return undefined
  const hours = (Number(hour) % 12) + (half.toUpperCase() === 'PM' ? 12 : 0)
  const utc = Date.UTC(Number(year), month, Number(day), hours, Number(minute), Number(second)) - offset * 60_000
  const date = new Date(utc)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

/** Whether the text holds a time of the shape {@link takeoutTime} reads, whatever its zone. */
export function looksLikeTakeoutTime(text: string): boolean {
  return timePattern.test(text.replace(/[\u00a0\u202f]/g, ' '))
}

// Month day, year, h:mm:ss AM|PM zone.
const timePattern = new RegExp(
  String.raw`\b([A-Z][a-z]{2,8})\.? (\d{1,2}), (\d{4}), (\d{1,2}):(\d{2}):(\d{2}) ?(AM|PM) ` +
    String.raw`((?:GMT|UTC)(?:[+-]\d{1,2}(?::\d{2})?)?|[A-Z]{2,5})\b`,
  'i'
)

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/** Minutes east of UTC of the abbreviations Takeout's English exports use. */
const zones: Readonly<Record<string, number>> = {
  UTC: 0,
  GMT: 0,
  WET: 0,
  WEST: 60,
  BST: 60,
  CET: 60,
  CEST: 120,
  EET: 120,
  EEST: 180,
  MSK: 180,
  IST: 330,
  SGT: 480,
  HKT: 480,
  JST: 540,
  KST: 540,
  AEST: 600,
  AEDT: 660,
  NZST: 720,
  NZDT: 780,
  HST: -600,
  AKST: -540,
  AKDT: -480,
  PST: -480,
  PDT: -420,
  MST: -420,
  MDT: -360,
  CST: -360,
  CDT: -300,
  EST: -300,
  EDT: -240
}

function zoneOffset(zone: string): number | undefined {
  const upper = zone.toUpperCase()
  const numeric = /^(?:GMT|UTC)([+-])(\d{1,2})(?::(\d{2}))?$/.exec(upper)
  if (numeric) return (numeric[1] === '-' ? -1 : 1) * (Number(numeric[2]) * 60 + Number(numeric[3] ?? 0))
  return zones[upper]
}
