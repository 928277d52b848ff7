// Date-time display: y-m-d h:i:s in local time (SPEC §9 default format).

const pad = (n: number) => String(n).padStart(2, '0')

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  const d = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(d.getTime())) return String(value)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

/** A user as pickers name them: "nickname (user name)", or the user name alone. */
export const userLabel = (u: { userName: string; nickName: string }): string =>
  u.nickName ? `${u.nickName} (${u.userName})` : u.userName
