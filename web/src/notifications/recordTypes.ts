// Push-record kinds and the event page's tabs (SPEC §2.5).

import { PushRecordType as RecordType } from '@pms/protocol'

/** The kinds the server publishes; 'order' counts as ordersUnRead. */
export { RecordType }

export interface EventTab {
  name: string
  label: string
  /** undefined lists every kind. */
  recordType?: RecordType
}

export const EVENT_TABS: readonly EventTab[] = [
  { name: 'pushRecord', label: 'console.event.tabAll' },
  { name: 'orderRecord', label: 'console.event.tabOrders', recordType: RecordType.order },
  { name: 'roomStatusRecord', label: 'console.event.tabRoomStatus', recordType: RecordType.roomStatus },
  { name: 'systemRecord', label: 'console.event.tabSystem', recordType: RecordType.system },
]

/** Local storage key of the tab the event page opens on; the bell sets it before navigating. */
export const EVENT_TAB_KEY = 'pmsEventTab'
export const PUSH_RECORD_TAB = 'pushRecord'
export const EVENT_PAGE_SIZE = 10
export const UNREAD_CAP = 99
export const ORDER_CAROUSEL_MS = 5_000
export const POPOVER_WIDTH = 300

/** The badge text: nothing for 0, the count up to 99, then 99+. */
export function badgeText(count: number): string {
  if (!count || count < 0) return ''
  return count > UNREAD_CAP ? `${UNREAD_CAP}+` : String(count)
}

export function pageCount(total: number, pageSize = EVENT_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/**
 * The toast a pushed record pops, or null: room status changes pop none (the room status chart shows them, and
 * their body is raw JSON for the chart); order and system records pop their title and body.
 */
export function recordToast(record: Record<string, unknown>): { title: string; body: string } | null {
  if (record.recordType === RecordType.roomStatus) return null
  if (typeof record.recordTitle !== 'string') return null
  return { title: record.recordTitle, body: String(record.recordBody ?? '') }
}
