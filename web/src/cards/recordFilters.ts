// The card-record filters as the form holds them, turned into the list query (empty fields dropped, UID checked).
import type { CardRecordState } from '@pms/protocol/api/card-issue'
import type { CardRecordQuery } from './api.ts'

export const RECORD_PAGE_SIZE = 10

export interface RecordFilters {
  cardType: string
  state: '' | CardRecordState
  cardid: string
  beginTime: string
  endTime: string
}

export const EMPTY_FILTERS: RecordFilters = {
  cardType: '',
  state: '',
  cardid: '',
  beginTime: '',
  endTime: '',
}

/** A card UID filter is 8 or 14 hex digits, as the server takes it. */
export const isUidFilter = (text: string) => /^([0-9A-Fa-f]{8}|[0-9A-Fa-f]{14})$/.test(text)

export function recordQuery(
  filters: RecordFilters,
  pageNum: number,
): CardRecordQuery | { invalid: 'cardid' } {
  const cardid = filters.cardid.trim()
  if (cardid && !isUidFilter(cardid)) return { invalid: 'cardid' }
  return {
    pageNum,
    pageSize: RECORD_PAGE_SIZE,
    cardType: filters.cardType === '' ? undefined : Number(filters.cardType),
    state: filters.state || undefined,
    cardid: cardid ? cardid.toUpperCase() : undefined,
    beginTime: filters.beginTime || undefined,
    endTime: filters.endTime || undefined,
  }
}

/** Badge colour of each record state. */
export const STATE_PALETTE: Record<CardRecordState, string> = {
  waiting: 'orange',
  issued: 'green',
  failed: 'red',
  expired: 'gray',
  lost: 'purple',
  superseded: 'yellow',
}
