// The review step shared by customer and agency qualification (SPEC §5): a result must be chosen, a refusal needs a
// remark, and the application moves only along the transition table of @pms/protocol/api/qualification. Each kind of
// application supplies how its row is locked and saved (the agency one also writes its history in the same
// transaction).
import {
  nextQualificationState,
  type QualificationAction,
  QualificationState,
  qualificationStateKey,
} from '@pms/protocol/api/qualification'
import type { Db } from '../db/client.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'

export interface ReviewInput {
  id: number
  /** 1 approve, 2 refuse; anything else is 'An audit result must be selected'. */
  state?: number
  checkRemark?: string
}

/** What a review writes on the application. */
export interface ReviewChange {
  state: QualificationState
  checkRemark: string
  checkBy: number
  checkTime: Date
  updateTime: Date
}

export interface Reviewed<Row extends { state: number }> {
  /** Language-pack key naming the application, for 'does not exist'. */
  entity: string
  /** Reads the application for update inside the review's transaction. */
  lock: (tx: Db, id: number) => Promise<Row | undefined>
  /** Writes the change (and whatever goes with it) inside the same transaction. */
  save: (tx: Db, row: Row, change: ReviewChange, action: 'approve' | 'refuse') => Promise<Row>
}

/** The next state for an action, or a 409 naming the current state and the refused action. */
export function transition(row: { state: number }, action: QualificationAction): QualificationState {
  const next = nextQualificationState(row.state, action)
  if (next === undefined)
    throw conflict('qualification.badTransition', [
      `@${qualificationStateKey(row.state)}`,
      `@qualification.action.${action}`,
    ])
  return next
}

/** The §5 checks of a review: the action it asks for and the trimmed remark. */
export function reviewDecision(input: ReviewInput): { action: 'approve' | 'refuse'; checkRemark: string } {
  if (input.state !== QualificationState.approved && input.state !== QualificationState.refused)
    throw badRequest('qualification.resultRequired')
  const checkRemark = input.checkRemark?.trim() ?? ''
  if (input.state === QualificationState.refused && !checkRemark)
    throw badRequest('qualification.refuseRemarkRequired')
  return { action: input.state === QualificationState.approved ? 'approve' : 'refuse', checkRemark }
}

/** Approves or refuses one application, in one transaction. */
export async function reviewStep<Row extends { state: number }>(
  db: Db,
  reviewerId: number,
  input: ReviewInput,
  reviewed: Reviewed<Row>,
): Promise<Row> {
  const { action, checkRemark } = reviewDecision(input)
  return db.transaction(async (tx) => {
    const existing = await reviewed.lock(tx as unknown as Db, input.id)
    if (!existing) throw notFound(reviewed.entity)
    const state = transition(existing, action)
    const now = new Date()
    return reviewed.save(
      tx as unknown as Db,
      existing,
      { state, checkRemark, checkBy: reviewerId, checkTime: now, updateTime: now },
      action,
    )
  })
}
