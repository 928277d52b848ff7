// Push-record kinds and the event page's tabs (SPEC §2.5).

import { isPackMessage, PushRecordType as RecordType, renderPackMessage } from '@pms/protocol'
import { BUSINESS_DAY_CLOSED } from '@pms/protocol/api/night-audit'
import type { Translate } from '../i18n/translate.ts'

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
 * What a record says in the reader's current language: its stored title and body messages rendered with the
 * console's packs (so a language switch re-renders them), else the text the server sent. A room-status body is
 * the chart's data, never text, so it shows nothing.
 */
export function recordText(record: Record<string, unknown>, t: Translate): { title: string; body: string } {
  const render = (message: unknown, text: unknown) =>
    isPackMessage(message) ? renderPackMessage(t, message) : typeof text === 'string' ? text : ''
  return {
    title: render(record.title, record.recordTitle),
    body:
      record.recordType === RecordType.roomStatus
        ? render(record.body, '')
        : render(record.body, record.recordBody),
  }
}

/**
 * The toast a pushed record pops, or null: room status changes pop none (the room status chart shows them); order
 * and system records pop their title and body in the reader's language.
 */
export function recordToast(
  record: Record<string, unknown>,
  t: Translate,
): { title: string; body: string } | null {
  if (record.recordType === RecordType.roomStatus) return null
  if (typeof record.recordTitle !== 'string' && !isPackMessage(record.title)) return null
  return recordText(record, t)
}

/** A night audit's record: the property's business day has closed (the console reads its business date again). */
export function closesBusinessDay(record: unknown): boolean {
  const title = (record as { title?: unknown } | null)?.title
  return isPackMessage(title) && title.key === BUSINESS_DAY_CLOSED
}
