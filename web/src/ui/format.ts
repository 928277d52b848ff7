// Date-time display: y-m-d h:i:s (SPEC §9 default format) on the hotel's clock. A wall-clock text the server sent
// ('YYYY-MM-DD[ hh:mm[:ss]]', already on the property's clock) shows as it is; an instant (ISO text with its zone, epoch
// milliseconds, a Date) shows in the current property's zone (`setDisplayZone`, kept by the session with the business
// date), or the browser's when there is none (the platform administrator), so a desk or a head office in another zone
// reads the same times as the hotel's own prints.
import { zonedDateTime } from '@pms/protocol/time/zone'

const pad = (n: number) => String(n).padStart(2, '0')
const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(:\d{2})?)?$/

let displayZone: string | null = null

/** The zone instants are shown in (the current property's; null: the browser's). */
export function setDisplayZone(timeZone: string | null): void {
  displayZone = timeZone
}

/** The zone set by `setDisplayZone` (null: the browser's). */
export const currentDisplayZone = (): string | null => displayZone

export function formatDateTime(
  value: string | number | Date | null | undefined,
  timeZone: string | null = displayZone,
): string {
  if (value === null || value === undefined || value === '') return ''
  const wall = typeof value === 'string' ? WALL_CLOCK.exec(value) : null
  if (wall) return `${wall[1]} ${wall[2] ?? '00:00'}${wall[3] ?? ':00'}`
  const d = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(d.getTime())) return String(value)
  if (timeZone) return zonedDateTime(d, timeZone)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}
/**
 * An exported file's name: a prefix and the time of the export on the hotel's clock, 'prefix_YYYYMMDDhhmmss.xlsx'
 * (SPEC §9 exports are named with a timestamp; digits only, safe on every file system).
 */
export function exportFileName(
  prefix: string,
  now: Date = new Date(),
  timeZone: string | null = displayZone,
): string {
  return `${prefix}_${formatDateTime(now, timeZone).replace(/\D/g, '')}.xlsx`
}

/** A user as pickers name them: "nickname (user name)", or the user name alone. */
export const userLabel = (u: { userName: string; nickName: string }): string =>
  u.nickName ? `${u.nickName} (${u.userName})` : u.userName
