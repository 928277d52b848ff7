// The card record state machine as a transition table: waiting → issued | failed, issued → expired, failed → waiting.
// Lost and superseded are not a console's to set: they follow from other cards written (record-effects.ts).
import {
  CARD_RECORD_ISSUE_STATE,
  type CardRecordState,
  type CardRecordView,
} from '@pms/protocol/api/card-issue'
import type { cardRecord } from '../db/schema/index.ts'

/** From each state, the states a console may move a record to. A failed card is retried by going back to waiting. */
export const CARD_STATE_TRANSITIONS = {
  waiting: ['issued', 'failed'],
  issued: ['expired'],
  failed: ['waiting'],
  expired: [],
  lost: [],
  superseded: [],
} as const satisfies Record<CardRecordState, readonly CardRecordState[]>

export const CARD_RECORD_STATES = Object.keys(CARD_STATE_TRANSITIONS) as CardRecordState[]

/** The states a record may be in to move to `to`. */
export function statesLeadingTo(to: CardRecordState): CardRecordState[] {
  return CARD_RECORD_STATES.filter((from) =>
    (CARD_STATE_TRANSITIONS[from] as readonly CardRecordState[]).includes(to),
  )
}

export function canMove(from: CardRecordState, to: CardRecordState): boolean {
  return (CARD_STATE_TRANSITIONS[from] as readonly CardRecordState[]).includes(to)
}

type CardRecordRow = typeof cardRecord.$inferSelect

/** A stored record as the API returns it, with the §4 state code beside the state name. */
export function presentCardRecord(row: CardRecordRow): CardRecordView {
  const state = row.state as CardRecordState
  return {
    recordId: row.recordId,
    cardid: row.cardid,
    cardType: row.cardType,
    protocol: row.protocol as CardRecordView['protocol'],
    operation: row.operation,
    state,
    cardState: CARD_RECORD_ISSUE_STATE[state],
    failReason: row.failReason,
    roomId: row.roomId,
    buildingId: row.buildingId,
    floorId: row.floorId,
    orderId: row.orderId,
    guestName: row.guestName,
    issueSequence: row.issueSequence,
    startTime: row.startTime,
    endTime: row.endTime,
    flags: row.flags,
    targetCardNo: row.targetCardNo,
    remark: row.remark,
    reason: row.reason,
    createBy: row.createBy,
    createTime: row.createTime.toISOString(),
    updateTime: row.updateTime.toISOString(),
  }
}
