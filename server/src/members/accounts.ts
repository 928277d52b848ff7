// Member accounts: reading (masked unless the caller may see them), signing up and editing with the checks of
// SPEC §5 (phone per area code, mainland ID card), card numbers unique in the property (generated when empty), state
// and blacklist changes with their history, and the desk's lookup by phone or card number.
import { randomInt } from 'node:crypto'
import { hasPermission, isChineseIdCard, isDate, isMainlandPhone, maskPhone } from '@pms/protocol'
import type { MemberDetail, MemberInput, MemberTag, MemberView } from '@pms/protocol/api/members'
import { checkPhoneLength, DEFAULT_AREA_CODE } from '@pms/protocol/geo/area-codes'
import {
  expiryDate,
  type MemberState,
  type MemberValidity,
  refuseMemberUse,
} from '@pms/protocol/members/ledger'
import { zonedDay } from '@pms/protocol/time/zone'
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { AuthContext } from '../auth/auth-context.ts'
import type { Db } from '../db/client.ts'
import {
  member,
  memberGrade,
  memberRecord,
  memberStateLog,
  memberTag,
  memberTagLink,
  user,
} from '../db/schema/index.ts'
import { escapeLike } from '../http/crud.ts'
import { AppError, badRequest, conflict, notFound } from '../http/errors.ts'
import { localize } from '../http/language.ts'
import { formatTime } from '../notifications/push.ts'
import { propertyClock, propertyTimeZone } from '../properties/clock.ts'
import { MemberPermission } from './menus.ts'

export type MemberRow = typeof member.$inferSelect
type Language = Parameters<typeof localize>[0]

/** The day a member signed up, on the property's clock. */
async function memberSinceDay(db: Db, m: MemberRow): Promise<string> {
  return zonedDay(m.createTime, await propertyTimeZone(db, m.propertyId))
}

/** The property's business date: the day a member's expiry and validity are read against (not the server's day). */
export async function memberDay(db: Db, propertyId: number): Promise<string> {
  return (await propertyClock(db, propertyId)).businessDate
}

/** An ID number shows its first and last four characters. */
export function maskIdNo(text: string): string {
  if (text.length <= 8) return text ? `${text.slice(0, 1)}****` : ''
  return `${text.slice(0, 4)}${'*'.repeat(text.length - 8)}${text.slice(-4)}`
}

export interface Viewer {
  /** Full phone and ID number (the edit dialog of a permitted user). */
  unmasked: boolean
  /** The blacklist reason. */
  blacklistReason: boolean
  language: Language
}

export function viewerOf(auth: AuthContext, language: Language, wantsFull = false): Viewer {
  const can = (p: string) => hasPermission(auth, [p], () => {})
  return {
    unmasked: wantsFull && can(MemberPermission.edit),
    blacklistReason: can(MemberPermission.blacklist),
    language,
  }
}

async function tagsOf(db: Db, memberIds: number[]): Promise<Map<number, MemberTag[]>> {
  const out = new Map<number, MemberTag[]>()
  if (!memberIds.length) return out
  const rows = await db
    .select({ memberId: memberTagLink.memberId, tag: memberTag })
    .from(memberTagLink)
    .innerJoin(memberTag, eq(memberTag.tagId, memberTagLink.tagId))
    .where(inArray(memberTagLink.memberId, memberIds))
    .orderBy(asc(memberTag.tagName))
  for (const r of rows) {
    const list = out.get(r.memberId) ?? []
    list.push({ tagId: r.tag.tagId, propertyId: r.tag.propertyId, tagName: r.tag.tagName })
    out.set(r.memberId, list)
  }
  return out
}

type Joined = { m: MemberRow; grade: typeof memberGrade.$inferSelect | null }

/** What a member's view is read against: the property's business date and its time zone. */
interface PropertyDay {
  day: string
  timeZone: string
}

function present(row: Joined, tags: MemberTag[], viewer: Viewer, { day, timeZone }: PropertyDay): MemberView {
  const { m, grade } = row
  const refusal = refuseMemberUse(m, day)
  return {
    memberId: m.memberId,
    cardNo: m.cardNo,
    name: m.name,
    areaCode: m.areaCode,
    phone: viewer.unmasked ? m.phone : maskPhone(m.phone),
    idType: m.idType as MemberView['idType'],
    idNo: viewer.unmasked ? m.idNo : maskIdNo(m.idNo),
    gender: m.gender,
    birthday: m.birthday,
    gradeId: m.gradeId,
    gradeName: grade?.gradeName ?? null,
    discount: grade && grade.state === '0' ? grade.discount : 100,
    delayHours: grade && grade.state === '0' ? grade.delayHours : 0,
    tags,
    tagIds: tags.map((t) => t.tagId),
    source: m.source,
    validity: m.validity as MemberValidity,
    expireDate: m.expireDate,
    state: m.state as MemberState,
    blacklist: m.blacklist,
    blacklistReason: viewer.blacklistReason ? m.blacklistReason : '',
    baseCents: m.baseCents,
    giftCents: m.giftCents,
    balanceCents: m.baseCents + m.giftCents,
    points: m.points,
    remark: m.remark,
    createTime: formatTime(m.createTime, timeZone),
    unusable: refusal ? localize(viewer.language, refusal) : null,
  }
}

async function presentRows(db: Db, rows: Joined[], viewer: Viewer): Promise<MemberView[]> {
  const tags = await tagsOf(
    db,
    rows.map((r) => r.m.memberId),
  )
  const clock = rows[0] ? await propertyClock(db, rows[0].m.propertyId) : null
  const on = { day: clock?.businessDate ?? '', timeZone: clock?.timeZone ?? 'UTC' }
  return rows.map((r) => present(r, tags.get(r.m.memberId) ?? [], viewer, on))
}

const joined = (db: Db) =>
  db
    .select({ m: member, grade: memberGrade })
    .from(member)
    .leftJoin(memberGrade, eq(memberGrade.gradeId, member.gradeId))

export async function listMembers(
  db: Db,
  propertyId: number,
  query: {
    cardNo?: string
    name?: string
    phone?: string
    tagId?: number
    gradeId?: number
    state?: string
    blacklist?: boolean
  },
  paging: { limit: number; offset: number },
  viewer: Viewer,
) {
  const where: SQL[] = [eq(member.propertyId, propertyId)]
  if (query.cardNo) where.push(ilike(member.cardNo, `%${escapeLike(query.cardNo)}%`))
  if (query.name) where.push(ilike(member.name, `%${escapeLike(query.name)}%`))
  if (query.phone) where.push(ilike(member.phone, `%${escapeLike(query.phone)}%`))
  if (query.gradeId) where.push(eq(member.gradeId, query.gradeId))
  if (query.state) where.push(eq(member.state, query.state))
  if (query.blacklist !== undefined) where.push(eq(member.blacklist, query.blacklist))
  if (query.tagId)
    where.push(
      sql`EXISTS (SELECT 1 FROM pms_member_tag_link l WHERE l.member_id = ${member.memberId} AND l.tag_id = ${query.tagId})`,
    )
  const [rows, totals] = await Promise.all([
    joined(db)
      .where(and(...where))
      .orderBy(desc(member.memberId))
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ total: count() })
      .from(member)
      .where(and(...where)),
  ])
  return { rows: await presentRows(db, rows, viewer), total: Number(totals[0]?.total ?? 0) }
}

/** One member of the property, or 404. */
export async function findMember(db: Db, propertyId: number, memberId: number): Promise<MemberRow> {
  const [row] = await db
    .select()
    .from(member)
    .where(and(eq(member.memberId, memberId), eq(member.propertyId, propertyId)))
  if (!row) throw notFound('members.entity.member')
  return row
}

export async function memberView(
  db: Db,
  propertyId: number,
  memberId: number,
  viewer: Viewer,
): Promise<MemberView> {
  const rows = await joined(db).where(and(eq(member.memberId, memberId), eq(member.propertyId, propertyId)))
  if (!rows[0]) throw notFound('members.entity.member')
  return (await presentRows(db, rows, viewer))[0]!
}

export async function memberDetail(
  db: Db,
  propertyId: number,
  memberId: number,
  viewer: Viewer,
): Promise<MemberDetail> {
  const view = await memberView(db, propertyId, memberId, viewer)
  const timeZone = await propertyTimeZone(db, propertyId)
  const history = await db
    .select({ log: memberStateLog, by: user.userName })
    .from(memberStateLog)
    .leftJoin(user, eq(user.userId, memberStateLog.createBy))
    .where(eq(memberStateLog.memberId, memberId))
    .orderBy(asc(memberStateLog.logId))
  return {
    ...view,
    history: history.map(({ log, by }) => ({
      logId: log.logId,
      field: log.field as 'state' | 'blacklist' | 'grade',
      fromValue: log.fromValue,
      toValue: log.toValue,
      reason: view.blacklistReason || log.field !== 'blacklist' ? log.reason : '',
      createByName: by ?? '',
      createTime: formatTime(log.createTime, timeZone),
    })),
  }
}

/** The desk's lookup: by card number or phone; 404 with the SPEC §8 message when nothing matches. */
export async function lookupMember(
  db: Db,
  propertyId: number,
  by: { phone?: string; cardNo?: string },
  viewer: Viewer,
): Promise<MemberView> {
  const phone = by.phone?.trim()
  const cardNo = by.cardNo?.trim()
  if (!phone && !cardNo) throw badRequest('validation.required', ['phone'])
  const rows = await joined(db).where(
    and(eq(member.propertyId, propertyId), cardNo ? eq(member.cardNo, cardNo) : eq(member.phone, phone!)),
  )
  if (!rows[0]) throw new AppError(404, cardNo ? 'members.noMemberFound' : 'members.phoneNotRegistered')
  return (await presentRows(db, rows, viewer))[0]!
}

/** A card number of ten digits that no member of the property has yet. */
/** A new card number: the property's business date 'YYMMDD' and four random digits, unused in the property. */
export async function generateCardNo(db: Db, propertyId: number): Promise<string> {
  const stem = (await memberDay(db, propertyId)).slice(2).replaceAll('-', '')
  for (let i = 0; i < 20; i++) {
    const candidate = `${stem}${String(randomInt(0, 10_000)).padStart(4, '0')}`
    const [taken] = await db
      .select({ id: member.memberId })
      .from(member)
      .where(and(eq(member.propertyId, propertyId), eq(member.cardNo, candidate)))
    if (!taken) return candidate
  }
  throw conflict('members.cardNoExhausted')
}

/** Checks and normalises a member's fields; `current` is the stored member when editing. */
export async function cleanMember(
  db: Db,
  propertyId: number,
  input: Partial<MemberInput>,
  current: MemberRow | null,
): Promise<Partial<typeof member.$inferInsert>> {
  const out: Partial<typeof member.$inferInsert> = {}
  if (input.name !== undefined) {
    out.name = input.name.trim()
    if (!out.name) throw badRequest('validation.required', ['name'])
  }
  const areaCode = input.areaCode ?? current?.areaCode ?? DEFAULT_AREA_CODE
  if (input.areaCode !== undefined) out.areaCode = input.areaCode
  if (input.phone !== undefined || input.areaCode !== undefined) {
    const phone = (input.phone ?? current?.phone ?? '').trim()
    if (!phone) throw badRequest('validation.required', ['phone'])
    if (areaCode === DEFAULT_AREA_CODE ? !isMainlandPhone(phone) : !checkPhoneLength(areaCode, phone).ok)
      throw badRequest('members.badPhone', ['phone'])
    const [same] = await db
      .select({ id: member.memberId })
      .from(member)
      .where(
        and(
          eq(member.propertyId, propertyId),
          eq(member.phone, phone),
          current ? ne(member.memberId, current.memberId) : undefined,
        ),
      )
    if (same) throw conflict('members.phoneExists', [phone])
    out.phone = phone
  }
  if (input.cardNo?.trim()) {
    const cardNo = input.cardNo.trim()
    const [same] = await db
      .select({ id: member.memberId })
      .from(member)
      .where(
        and(
          eq(member.propertyId, propertyId),
          eq(member.cardNo, cardNo),
          current ? ne(member.memberId, current.memberId) : undefined,
        ),
      )
    if (same) throw conflict('members.cardNoExists', [cardNo])
    out.cardNo = cardNo
  }
  if (input.idType !== undefined) out.idType = input.idType
  if (input.idNo !== undefined) out.idNo = input.idNo.trim().toUpperCase()
  const idType = out.idType ?? current?.idType ?? 'idCard'
  const idNo = out.idNo ?? current?.idNo ?? ''
  if (
    (input.idType !== undefined || input.idNo !== undefined) &&
    idType === 'idCard' &&
    idNo &&
    !isChineseIdCard(idNo)
  )
    throw badRequest('members.badIdCard', ['idNo'])
  if (input.gender !== undefined) out.gender = input.gender
  if (input.birthday !== undefined) {
    // A birthday is a day that exists and has come (the hotel's business date; never a future one).
    if (input.birthday && !isDate(input.birthday)) throw badRequest('validation.format', ['birthday'])
    const today = input.birthday ? await memberDay(db, propertyId) : ''
    if (input.birthday && input.birthday > today)
      throw badRequest('members.birthdayAhead', ['birthday', today])
    out.birthday = input.birthday || null
  }
  if (input.gradeId !== undefined) {
    if (input.gradeId !== null) {
      const [grade] = await db
        .select({ id: memberGrade.gradeId })
        .from(memberGrade)
        .where(and(eq(memberGrade.gradeId, input.gradeId), eq(memberGrade.propertyId, propertyId)))
      if (!grade) throw badRequest('members.gradeUnknown', ['gradeId'])
    }
    out.gradeId = input.gradeId
  }
  if (input.source !== undefined) out.source = input.source
  if (input.remark !== undefined) out.remark = input.remark.trim()
  if (input.validity !== undefined) {
    out.validity = input.validity
    // Validity runs from the member's first business date (sign-up), kept when the validity is changed later.
    const start = current ? await memberSinceDay(db, current) : await memberDay(db, propertyId)
    out.expireDate = input.expireDate ? input.expireDate : expiryDate(start, input.validity)
  } else if (input.expireDate !== undefined) out.expireDate = input.expireDate || null
  if (out.expireDate && !isDate(out.expireDate)) throw badRequest('validation.format', ['expireDate'])
  return out
}

async function requireTags(db: Db, propertyId: number, tagIds: number[]) {
  if (!tagIds.length) return
  const rows = await db
    .select({ id: memberTag.tagId })
    .from(memberTag)
    .where(and(inArray(memberTag.tagId, tagIds), eq(memberTag.propertyId, propertyId)))
  if (rows.length !== tagIds.length) throw badRequest('members.tagUnknown', ['tagIds'])
}

export async function saveTags(tx: Db, memberId: number, tagIds: number[]) {
  await tx.delete(memberTagLink).where(eq(memberTagLink.memberId, memberId))
  if (tagIds.length) await tx.insert(memberTagLink).values(tagIds.map((tagId) => ({ memberId, tagId })))
}

export async function logChange(
  tx: Db,
  memberId: number,
  change: { field: 'state' | 'blacklist' | 'grade'; from: string; to: string; reason?: string },
  userId: number | null,
) {
  await tx.insert(memberStateLog).values({
    memberId,
    field: change.field,
    fromValue: change.from,
    toValue: change.to,
    reason: change.reason ?? '',
    createBy: userId,
  })
}

export async function createMember(
  db: Db,
  propertyId: number,
  input: MemberInput,
  userId: number,
): Promise<number> {
  const values = await cleanMember(db, propertyId, { validity: 'forever', ...input }, null)
  if (input.tagIds) await requireTags(db, propertyId, input.tagIds)
  return db.transaction(async (t) => {
    const tx = t as unknown as Db
    const cardNo = values.cardNo ?? (await generateCardNo(tx, propertyId))
    const [row] = await tx
      .insert(member)
      .values({ ...values, name: values.name!, phone: values.phone!, cardNo, propertyId, createBy: userId })
      .returning({ id: member.memberId })
    if (input.tagIds) await saveTags(tx, row!.id, input.tagIds)
    if (values.gradeId)
      await logChange(tx, row!.id, { field: 'grade', from: '', to: String(values.gradeId) }, userId)
    return row!.id
  })
}

export async function editMember(
  db: Db,
  propertyId: number,
  memberId: number,
  input: Partial<MemberInput>,
  userId: number,
): Promise<void> {
  const current = await findMember(db, propertyId, memberId)
  const values = await cleanMember(db, propertyId, input, current)
  if (input.tagIds) await requireTags(db, propertyId, input.tagIds)
  await db.transaction(async (t) => {
    const tx = t as unknown as Db
    await tx
      .update(member)
      .set({ ...values, updateTime: new Date() })
      .where(eq(member.memberId, memberId))
    if (input.tagIds) await saveTags(tx, memberId, input.tagIds)
    if (values.gradeId !== undefined && values.gradeId !== current.gradeId)
      await logChange(
        tx,
        memberId,
        { field: 'grade', from: String(current.gradeId ?? ''), to: String(values.gradeId ?? '') },
        userId,
      )
  })
}

/** Deletes members that never moved money or points (their records are the ledger and stay). */
export async function removeMembers(db: Db, propertyId: number, ids: number[]) {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db
    const found = await tx
      .select({ id: member.memberId })
      .from(member)
      .where(and(inArray(member.memberId, ids), eq(member.propertyId, propertyId)))
    if (found.length !== new Set(ids).size) throw notFound('members.entity.member')
    const [used] = await tx
      .select({ id: memberRecord.recordId })
      .from(memberRecord)
      .where(inArray(memberRecord.memberId, ids))
      .limit(1)
    if (used) throw conflict('members.hasRecords')
    await tx.delete(member).where(inArray(member.memberId, ids))
  })
}

export async function setMemberState(
  db: Db,
  propertyId: number,
  input: { memberId: number; state: MemberState; reason?: string },
  userId: number,
) {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db
    const [m] = await tx
      .select()
      .from(member)
      .where(and(eq(member.memberId, input.memberId), eq(member.propertyId, propertyId)))
      .for('update')
    if (!m) throw notFound('members.entity.member')
    if (m.state === input.state) throw conflict('members.stateUnchanged')
    await tx
      .update(member)
      .set({ state: input.state, updateTime: new Date() })
      .where(eq(member.memberId, m.memberId))
    await logChange(
      tx,
      m.memberId,
      { field: 'state', from: m.state, to: input.state, reason: input.reason?.trim() },
      userId,
    )
  })
}

export async function setBlacklist(
  db: Db,
  propertyId: number,
  input: { memberId: number; blacklist: boolean; reason?: string },
  userId: number,
) {
  const reason = input.reason?.trim() ?? ''
  if (input.blacklist && !reason) throw badRequest('validation.required', ['reason'])
  await db.transaction(async (t) => {
    const tx = t as unknown as Db
    const [m] = await tx
      .select()
      .from(member)
      .where(and(eq(member.memberId, input.memberId), eq(member.propertyId, propertyId)))
      .for('update')
    if (!m) throw notFound('members.entity.member')
    if (m.blacklist === input.blacklist) throw conflict('members.stateUnchanged')
    await tx
      .update(member)
      .set({
        blacklist: input.blacklist,
        blacklistReason: input.blacklist ? reason : '',
        updateTime: new Date(),
      })
      .where(eq(member.memberId, m.memberId))
    await logChange(
      tx,
      m.memberId,
      { field: 'blacklist', from: String(m.blacklist), to: String(input.blacklist), reason },
      userId,
    )
  })
}
