// Card applications (protocol/src/api/card-apply.ts): apply → approve (issue the card through the bridge, recorded with
// the approver) | refuse (with a remark) | cancel (the applicant). Each step checks the transition table; review steps
// need the review permission in the application's own property.
import { hasPermission, parseProtocolCategory } from '@pms/protocol'
import {
  CARD_APPLY_TRANSITIONS,
  CARD_APPLY_TYPES,
  type CardApplyAction,
  CardApplyPermission,
  type CardApplyRequest,
  type CardApplyState,
  type CardApplyView,
  type CardApproveRequest,
  type CardApproveResult,
} from '@pms/protocol/api/card-apply'
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { loadAuthority } from '../auth/authority.ts'
import type { Db } from '../db/client.ts'
import { building, cardApply, cardRecord, floor, property, propertyUser, user } from '../db/schema/index.ts'
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts'
import { propertyTimeZone } from '../properties/clock.ts'
import { issueCard } from './issue.ts'
import { cardTime, UID_PATTERN } from './issue-request.ts'

type ApplyRow = typeof cardApply.$inferSelect

/** Step: the action must be allowed from the application's state (the table, not ifs). */
export function nextState(from: CardApplyState, action: CardApplyAction): CardApplyState {
  const to = CARD_APPLY_TRANSITIONS[from][action]
  if (!to) throw conflict('cardApply.notAllowed', [`@cardApply.action.${action}`, `@cardApply.state.${from}`])
  return to
}

/** The properties where the user may review applications: each binding's own authority (its role there). */
export async function reviewedProperties(db: Db, userId: number): Promise<number[]> {
  const bound = await db
    .selectDistinct({ propertyId: propertyUser.propertyId })
    .from(propertyUser)
    .where(eq(propertyUser.userId, userId))
  const allowed: number[] = []
  for (const { propertyId } of bound) {
    const authority = await loadAuthority(db, userId, propertyId)
    if (hasPermission(authority, [CardApplyPermission.review], () => {})) allowed.push(propertyId)
  }
  return allowed
}

/** Step: the staff's request checked (kind, scope in the property, validity, reason). */
export async function apply(
  db: Db,
  propertyId: number,
  userId: number,
  body: CardApplyRequest,
): Promise<CardApplyView> {
  const cardType = CARD_APPLY_TYPES[body.kind]
  const timeZone = await propertyTimeZone(db, propertyId)
  const startTime = cardTime(body.startTime, 'start', timeZone)
  if (startTime === undefined) throw badRequest('cardRecord.badTime', ['startTime'])
  const endTime = cardTime(body.endTime, 'end', timeZone)
  if (endTime === undefined) throw badRequest('cardRecord.badTime', ['endTime'])
  if (endTime <= startTime) throw badRequest('cardRecord.endBeforeStart', ['endTime', 'startTime'])
  const reason = body.reason.trim()
  if (!reason) throw badRequest('cardRecord.reasonRequired', ['reason'])
  let buildingId: number | null = null
  let floorId: number | null = null
  if (body.kind === 'floor') {
    if (!body.floorId) throw badRequest('cardRecord.needScope', ['floorId'])
    const [f] = await db
      .select({ buildingId: floor.buildingId })
      .from(floor)
      .where(and(eq(floor.floorId, body.floorId), eq(floor.propertyId, propertyId)))
    if (!f) throw notFound('cardRecord.entity.floor')
    floorId = body.floorId
    buildingId = f.buildingId
  } else if (body.kind === 'building') {
    if (!body.buildingId) throw badRequest('cardRecord.needScope', ['buildingId'])
    const [b] = await db
      .select({ id: building.buildingId })
      .from(building)
      .where(and(eq(building.buildingId, body.buildingId), eq(building.propertyId, propertyId)))
    if (!b) throw notFound('cardRecord.entity.building')
    buildingId = body.buildingId
  }
  const [row] = await db
    .insert(cardApply)
    .values({
      propertyId,
      userId,
      kind: body.kind,
      cardType,
      buildingId,
      floorId,
      startTime,
      endTime,
      reason,
    })
    .returning()
  return (await viewApplications(db, eq(cardApply.applyId, row!.applyId)))[0]!
}

async function loadApplication(db: Db, applyId: number): Promise<ApplyRow> {
  const [row] = await db.select().from(cardApply).where(eq(cardApply.applyId, applyId))
  if (!row) throw notFound('cardApply.entity')
  return row
}

/** The applicant withdraws an application still waiting. Someone else's is absent to them. */
export async function cancel(db: Db, userId: number, applyId: number): Promise<CardApplyView> {
  const row = await loadApplication(db, applyId)
  if (row.userId !== userId) throw notFound('cardApply.entity')
  await settle(db, row, 'cancel', {})
  return (await viewApplications(db, eq(cardApply.applyId, applyId)))[0]!
}

/** Step: the application, which the reviewer must be allowed to review in its own property (else it is absent). */
async function reviewable(db: Db, reviewerId: number, applyId: number): Promise<ApplyRow> {
  const row = await loadApplication(db, applyId)
  if (!(await reviewedProperties(db, reviewerId)).includes(row.propertyId)) throw notFound('cardApply.entity')
  return row
}

/** Moves the row by `action` with one conditional update, so two reviewers cannot both win. */
async function settle(db: Db, row: ApplyRow, action: CardApplyAction, changes: Partial<ApplyRow>) {
  const to = nextState(row.state as CardApplyState, action)
  const [moved] = await db
    .update(cardApply)
    .set({ ...changes, state: to, updateTime: new Date() })
    .where(and(eq(cardApply.applyId, row.applyId), eq(cardApply.state, row.state)))
    .returning()
  if (!moved) throw conflict('cardApply.changed')
  return moved
}

export async function refuse(
  db: Db,
  reviewerId: number,
  applyId: number,
  remark: string,
): Promise<CardApplyView> {
  const text = remark.trim()
  if (!text) throw badRequest('cardApply.remarkRequired', ['remark'])
  const row = await reviewable(db, reviewerId, applyId)
  await settle(db, row, 'refuse', { remark: text, reviewedBy: reviewerId, reviewTime: new Date() })
  return (await viewApplications(db, eq(cardApply.applyId, applyId)))[0]!
}

/**
 * Approves (from applying) or issues again (an approved application whose card failed): in one transaction the state
 * moves and a card record is created by the card issuing flow with the approver as its issuer; the grant goes back to
 * the console, which writes the card on its encoder and reports with `written`.
 */
export async function approve(
  db: Db,
  reviewerId: number,
  applyId: number,
  body: CardApproveRequest,
  action: 'approve' | 'issue',
): Promise<CardApproveResult> {
  const protocol = parseProtocolCategory(body.protocol)
  if (!protocol) throw badRequest('validation.enum', ['protocol'])
  if (!new RegExp(UID_PATTERN).test(body.uid)) throw badRequest('validation.invalid', ['uid'])
  const row = await reviewable(db, reviewerId, applyId)
  if (action === 'issue' && row.recordId) {
    const [card] = await db
      .select({ state: cardRecord.state })
      .from(cardRecord)
      .where(eq(cardRecord.recordId, row.recordId))
    if (card && card.state !== 'failed') throw conflict('cardApply.cardNotFailed')
  }
  const issued = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db
    const authorization = await issueCard(tx, row.propertyId, reviewerId, {
      protocol,
      cardType: row.cardType as never,
      uid: body.uid.toUpperCase(),
      buildingId: row.kind === 'building' ? (row.buildingId ?? undefined) : undefined,
      floorIds: row.kind === 'floor' && row.floorId ? [row.floorId] : [],
      guestName: '',
      startTime: row.startTime,
      endTime: row.endTime,
      flags: 0,
      targetCardNo: 0,
      reason: `#${row.applyId} ${row.reason}`.slice(0, 200),
    })
    const remark = body.remark?.trim()
    await settle(tx, row, action, {
      recordId: authorization.recordId,
      reviewedBy: reviewerId,
      reviewTime: new Date(),
      ...(remark ? { remark } : {}),
    })
    return authorization
  })
  const [application] = await viewApplications(db, eq(cardApply.applyId, applyId))
  return { application: application!, recordId: issued.recordId, grant: issued.grant }
}

/** The console's report of the card write: the application's waiting card record becomes issued or failed. */
export async function written(
  db: Db,
  reviewerId: number,
  applyId: number,
  report: { ok: boolean; reason?: string },
): Promise<CardApplyView> {
  const row = await reviewable(db, reviewerId, applyId)
  if (!row.recordId) throw conflict('cardApply.noCard')
  const [moved] = await db
    .update(cardRecord)
    .set({
      state: report.ok ? 'issued' : 'failed',
      failReason: report.ok ? '' : (report.reason ?? '').slice(0, 200),
      updateTime: new Date(),
    })
    .where(and(eq(cardRecord.recordId, row.recordId), eq(cardRecord.state, 'waiting')))
    .returning({ id: cardRecord.recordId })
  if (!moved) throw conflict('cardApply.cardNotWaiting')
  return (await viewApplications(db, eq(cardApply.applyId, applyId)))[0]!
}

const reviewer = alias(user, 'reviewer')

export async function viewApplications(db: Db, where: SQL | undefined, limit = 500, offset = 0) {
  const rows = await db
    .select({
      a: cardApply,
      propertyName: property.propertyName,
      userName: user.nickName,
      login: user.userName,
      reviewerName: reviewer.nickName,
      reviewerLogin: reviewer.userName,
      buildingName: building.buildingName,
      floorName: floor.floorName,
      cardid: cardRecord.cardid,
      cardState: cardRecord.state,
    })
    .from(cardApply)
    .innerJoin(property, eq(property.propertyId, cardApply.propertyId))
    .innerJoin(user, eq(user.userId, cardApply.userId))
    .leftJoin(reviewer, eq(reviewer.userId, cardApply.reviewedBy))
    .leftJoin(building, eq(building.buildingId, cardApply.buildingId))
    .leftJoin(floor, eq(floor.floorId, cardApply.floorId))
    .leftJoin(cardRecord, eq(cardRecord.recordId, cardApply.recordId))
    .where(where)
    .orderBy(desc(cardApply.applyId))
    .limit(limit)
    .offset(offset)
  return rows.map(
    (r): CardApplyView => ({
      applyId: r.a.applyId,
      propertyId: r.a.propertyId,
      propertyName: r.propertyName,
      userId: r.a.userId,
      userName: r.userName || r.login,
      kind: r.a.kind as CardApplyView['kind'],
      cardType: r.a.cardType,
      buildingId: r.a.buildingId,
      buildingName: r.buildingName,
      floorId: r.a.floorId,
      floorName: r.floorName,
      startTime: r.a.startTime,
      endTime: r.a.endTime,
      reason: r.a.reason,
      state: r.a.state as CardApplyState,
      remark: r.a.remark,
      reviewedBy: r.a.reviewedBy,
      reviewerName: r.reviewerName || r.reviewerLogin,
      reviewTime: r.a.reviewTime?.toISOString() ?? null,
      recordId: r.a.recordId,
      cardid: r.cardid,
      cardState: r.cardState,
      createTime: r.a.createTime.toISOString(),
    }),
  )
}

/** A page of applications: the caller's own, or those of every property the caller reviews. */
export async function listApplications(
  db: Db,
  userId: number,
  query: { mine?: boolean; state?: CardApplyState; pageNum?: number; pageSize?: number },
) {
  let scope: SQL
  if (query.mine) scope = eq(cardApply.userId, userId)
  else {
    const properties = await reviewedProperties(db, userId)
    if (properties.length === 0) throw forbidden()
    scope = inArray(cardApply.propertyId, properties)
  }
  const where = and(scope, query.state ? eq(cardApply.state, query.state) : undefined)
  const size = query.pageSize ?? 10
  const offset = ((query.pageNum ?? 1) - 1) * size
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(cardApply).where(where)
  return { rows: await viewApplications(db, where, size, offset), total: Number(count?.n ?? 0) }
}
