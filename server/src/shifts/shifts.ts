// Cashier shifts as named steps (issue 13): open (one per user and property, the unique index decides), close with a
// blind count (expected is computed only after the count is in), take over by the next cashier, and the handover
// report. A closed shift never changes: the database refuses (migration 0027), and so do these steps, first.
import { DRAWER_METHODS, type Shift, type ShiftReport } from '@pms/protocol/api/shifts'
import { sql } from 'drizzle-orm'
import type { AuthContext } from '../auth/auth-context.ts'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { formatTime } from '../notifications/push.ts'
import { propertyTimeZone } from '../properties/clock.ts'
import { drawerEntries, sumByMethod } from './drawer.ts'
import { overShortVoucherOf, postOverShort } from './over-short.ts'

type Row = Record<string, unknown>

function present(r: Row, timeZone: string): Shift {
  const time = (v: unknown) => (v ? formatTime(new Date(String(v)), timeZone) : null)
  return {
    shiftId: Number(r.shift_id),
    userId: Number(r.user_id),
    userName: String(r.user_name),
    state: r.state as Shift['state'],
    openingFloatCents: Number(r.opening_float_cents),
    openTime: time(r.open_time)!,
    closeTime: time(r.close_time),
    overShortCents: r.over_short_cents === null ? null : Number(r.over_short_cents),
    handedToName: String(r.handed_to_name ?? ''),
    handoverTime: time(r.handover_time),
    closedBy: (r.closed_by ?? null) as Shift['closedBy'],
    remark: String(r.remark ?? ''),
  }
}

async function openRow(tx: Db, propertyId: number, userId: number, lock = false): Promise<Row | undefined> {
  return rowsOf<Row>(
    await tx.execute(sql`SELECT * FROM pms_shift WHERE property_id = ${propertyId} AND user_id = ${userId}
      AND state = 'open' ${lock ? sql`FOR UPDATE` : sql``}`),
  )[0]
}

export async function currentShift(db: Db, propertyId: number, userId: number): Promise<Shift | null> {
  const row = await openRow(db, propertyId, userId)
  return row ? present(row, await propertyTimeZone(db, propertyId)) : null
}

export async function openShift(
  tx: Db,
  auth: AuthContext,
  propertyId: number,
  body: { openingFloatCents: number; remark?: string },
): Promise<Shift> {
  if (await openRow(tx, propertyId, auth.userId)) throw conflict('shift.alreadyOpen')
  const [row] = rowsOf<Row>(
    await tx.execute(sql`INSERT INTO pms_shift (property_id, user_id, user_name, opening_float_cents, remark)
      VALUES (${propertyId}, ${auth.userId}, ${auth.userName}, ${body.openingFloatCents}, ${body.remark ?? ''})
      ON CONFLICT (property_id, user_id) WHERE state = 'open' DO NOTHING RETURNING *`),
  )
  if (!row) throw conflict('shift.alreadyOpen')
  return present(row, await propertyTimeZone(tx, propertyId))
}

/** Step: the count per method, each a method of the drawer (400 naming `counted.{method}` otherwise). */
export function requireCount(counted: Record<string, number>): Record<string, number> {
  for (const [method, cents] of Object.entries(counted)) {
    if (!(DRAWER_METHODS as readonly string[]).includes(method))
      throw badRequest('validation.invalid', [`counted.${method}`])
    if (!Number.isInteger(cents) || cents < 0) throw badRequest('validation.invalid', [`counted.${method}`])
  }
  return counted
}

/** Expected vs counted per method (pure): every method either side names. */
export function compareCount(expected: Record<string, number>, counted: Record<string, number>) {
  const methods = [...new Set([...DRAWER_METHODS, ...Object.keys(expected), ...Object.keys(counted)])]
  const lines = methods
    .map((method) => {
      const expectedCents = expected[method] ?? 0
      const countedCents = counted[method] ?? 0
      return { method, expectedCents, countedCents, overShortCents: countedCents - expectedCents }
    })
    .filter((l) => l.expectedCents !== 0 || l.countedCents !== 0)
  const sum = (k: 'expectedCents' | 'countedCents' | 'overShortCents') => lines.reduce((s, l) => s + l[k], 0)
  return {
    lines,
    totals: {
      expectedCents: sum('expectedCents'),
      countedCents: sum('countedCents'),
      overShortCents: sum('overShortCents'),
    },
  }
}

export async function closeShift(
  tx: Db,
  auth: AuthContext,
  propertyId: number,
  body: { counted: Record<string, number>; remark?: string },
  now: Date,
): Promise<number> {
  const counted = requireCount(body.counted)
  const row = await openRow(tx, propertyId, auth.userId, true)
  if (!row) throw conflict('shift.noneOpen')
  const shiftId = Number(row.shift_id)
  const expected = sumByMethod(await drawerEntries(tx, shiftId, now), Number(row.opening_float_cents))
  const { lines, totals } = compareCount(expected, counted)
  await tx.execute(sql`UPDATE pms_shift SET state = 'closed', close_time = ${now.toISOString()}::timestamptz,
    counted = ${JSON.stringify(counted)}::jsonb, expected = ${JSON.stringify(expected)}::jsonb,
    over_short_cents = ${totals.overShortCents}, closed_by = 'user',
    remark = ${body.remark ?? String(row.remark ?? '')} WHERE shift_id = ${shiftId}`)
  // The over/short is booked with the close: the shift and its adjustment commit, or neither does.
  await postOverShort(tx, { propertyId, shiftId, userId: auth.userId, userName: auth.userName }, lines)
  return shiftId
}

/** The next cashier, signed in as themselves, takes over a closed shift of the property once. */
export async function takeOver(
  tx: Db,
  auth: AuthContext,
  propertyId: number,
  shiftId: number,
  now: Date,
): Promise<Shift> {
  const [row] = rowsOf<Row>(
    await tx.execute(
      sql`SELECT * FROM pms_shift WHERE shift_id = ${shiftId} AND property_id = ${propertyId} FOR UPDATE`,
    ),
  )
  if (!row) throw notFound('shift.entity')
  if (row.state !== 'closed') throw conflict('shift.notClosed')
  if (Number(row.user_id) === auth.userId) throw conflict('shift.ownHandover')
  if (row.handed_to_user_id !== null) throw conflict('shift.alreadyHandedOver', [String(row.handed_to_name)])
  const [saved] = rowsOf<Row>(
    await tx.execute(sql`UPDATE pms_shift SET handed_to_user_id = ${auth.userId}, handed_to_name = ${auth.userName},
      handover_time = ${now.toISOString()}::timestamptz WHERE shift_id = ${shiftId} RETURNING *`),
  )
  return present(saved!, await propertyTimeZone(tx, propertyId))
}

export async function listShifts(
  db: Db,
  propertyId: number,
  userId: number | null,
  page: { limit: number; offset: number },
): Promise<{ rows: Shift[]; total: number }> {
  const mine = userId === null ? sql`` : sql`AND user_id = ${userId}`
  const [counted] = rowsOf<{ n: number | string }>(
    await db.execute(sql`SELECT count(*) AS n FROM pms_shift WHERE property_id = ${propertyId} ${mine}`),
  )
  const rows = rowsOf<Row>(
    await db.execute(sql`SELECT * FROM pms_shift WHERE property_id = ${propertyId} ${mine}
      ORDER BY open_time DESC, shift_id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
  )
  const timeZone = await propertyTimeZone(db, propertyId)
  return { total: Number(counted?.n ?? 0), rows: rows.map((r) => present(r, timeZone)) }
}

/** The handover report of a closed shift (the caller's own, or any with `all`). */
export async function shiftReport(
  db: Db,
  propertyId: number,
  shiftId: number,
  viewer: { userId: number; all: boolean },
  now: Date,
): Promise<ShiftReport> {
  const [row] = rowsOf<Row>(
    await db.execute(sql`SELECT s.*, p.property_name FROM pms_shift s JOIN pms_property p ON p.property_id = s.property_id
      WHERE s.shift_id = ${shiftId} AND s.property_id = ${propertyId}`),
  )
  if (!row || (!viewer.all && Number(row.user_id) !== viewer.userId)) throw notFound('shift.entity')
  if (row.state !== 'closed') throw conflict('shift.notClosed')
  const timeZone = await propertyTimeZone(db, propertyId)
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, number>
  const { lines, totals } = compareCount(parse(row.expected), parse(row.counted))
  const entries = await drawerEntries(db, shiftId, new Date(String(row.close_time)))
  return {
    shift: present(row, timeZone),
    property: { propertyName: String(row.property_name) },
    lines,
    totals,
    entries: entries.map((e) => ({ ...e, createTime: formatTime(e.createTime, timeZone) })),
    overShortVoucher: await overShortVoucherOf(db, propertyId, shiftId),
    printedAt: formatTime(now, timeZone),
  }
}
