// Card validity as the form holds it (datetime-local text) and as the server takes it (unix seconds).

const pad = (n: number) => String(n).padStart(2, '0')

/** A Date as a datetime-local value, 'YYYY-MM-DDTHH:mm', in local time. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** Unix seconds of a datetime-local value read as local time; undefined when it is not one. */
export function toSeconds(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return undefined
  const ms = new Date(value).getTime()
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000)
}

/** Default window: from now until the next day at the check-out hour (12:00). */
export function defaultValidity(now: Date, checkoutHour = 12): { start: string; end: string } {
  const end = new Date(now)
  end.setDate(end.getDate() + 1)
  end.setHours(checkoutHour, 0, 0, 0)
  return { start: toLocalInput(now), end: toLocalInput(end) }
}

/** Unix seconds shown as 'YYYY-MM-DD HH:mm:ss' local time; the open end (4294967295) shows as is. */
export function secondsText(seconds: number): string {
  if (!seconds) return ''
  const d = new Date(seconds * 1000)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}
