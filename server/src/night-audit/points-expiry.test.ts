// The night audit's points-expiry step on its own (issue 12): points credited on a business date last until the close
// of that date + the property's points validity; the audit closing that date expires them, first in, first out, as
// one 'expiry' record per member, and nothing when points never expire.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dayRange } from '@pms/protocol/time/zone'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../db/client.ts'
import { member, memberRecord, property, propertySettings } from '../db/schema/index.ts'
import { monthsBeforeDay } from '../members/points.ts'
import type { AuditDay } from './day.ts'
import { expireMemberPoints } from './points-expiry.ts'

describe('the day points earned on expire', () => {
  it.each([
    ['2026-11-24', 12, '2025-11-24'],
    ['2026-03-31', 1, '2026-02-28'],
    ['2024-03-30', 1, '2024-02-29'],
    ['2026-01-15', 3, '2025-10-15'],
    ['2026-11-24', 0, '2026-11-24'],
  ])('closing %s with %i months: credits of %s and before', (closing, months, day) => {
    expect(monthsBeforeDay(closing, months)).toBe(day)
  })
})

describe('the points-expiry step', () => {
  let database: Database
  let dir: string
  let propertyId: number
  const closing = '2026-11-24'
  const auditOf = (businessDate: string): AuditDay => ({
    propertyId,
    businessDate,
    timeZone: 'Asia/Shanghai',
    day: dayRange(businessDate, 'Asia/Shanghai'),
    now: new Date(),
    createBy: null,
    noShowRule: 'keep',
  })

  /** A member holding points credited (+) or spent (−) on the business dates given. */
  async function memberWith(cardNo: string, moves: Array<[day: string, points: number]>) {
    const total = moves.reduce((s, [, p]) => s + p, 0)
    const [m] = await database.db
      .insert(member)
      .values({ propertyId, cardNo, name: cardNo, phone: `1380000${cardNo}`, points: total })
      .returning()
    let after = 0
    for (const [day, points] of moves) {
      after += points
      const [r] = await database.db
        .insert(memberRecord)
        .values({
          propertyId,
          memberId: m!.memberId,
          kind: 'adjustment',
          pointsDelta: points,
          baseAfter: 0,
          giftAfter: 0,
          pointsAfter: after,
        })
        .returning()
      await database.db.execute(
        sql`UPDATE pms_member_record SET business_date = ${day}::date WHERE record_id = ${r!.recordId}`,
      )
    }
    return m!.memberId
  }

  const pointsOf = async (memberId: number) =>
    (await database.db.select().from(member).where(eq(member.memberId, memberId)))[0]!.points
  const expiries = (memberId: number) =>
    database.db
      .select()
      .from(memberRecord)
      .where(sql`${memberRecord.memberId} = ${memberId} AND ${memberRecord.kind} = 'expiry'`)

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pms-points-expiry-'))
    database = await openDatabase({ dataDir: dir })
    const [row] = await database.db.insert(property).values({ propertyName: 'Points inn' }).returning()
    propertyId = row!.propertyId
  })

  afterAll(async () => {
    await database.sql.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('expires nothing while points never expire (validity 0)', async () => {
    const id = await memberWith('0001', [['2020-01-01', 300]])
    const counts = await database.db.transaction((tx) => expireMemberPoints(tx as never, auditOf(closing)))
    assert.deepEqual(counts, { points: 0 })
    assert.equal(await pointsOf(id), 300)
  })

  it('expires what was credited up to the closing date less the validity, less what was spent since', async () => {
    await database.db
      .insert(propertySettings)
      .values({ propertyId, config: { members: { pointsValidityMonths: 12 } } })
      .onConflictDoUpdate({
        target: propertySettings.propertyId,
        set: { config: { members: { pointsValidityMonths: 12 } } },
      })
    // 300 (2020) + 1,000 on the last day that expires + 200 the next day; 400 spent: 1,300 − 400 = 900 expire.
    const a = await memberWith('0002', [
      ['2025-11-24', 1_000],
      ['2025-11-25', 200],
      ['2026-01-10', -400],
    ])
    const b = await memberWith('0003', [['2026-06-01', 50]])
    const counts = await database.db.transaction((tx) =>
      expireMemberPoints(tx as never, auditOf('2026-11-23')),
    )
    // The day before, member a's 1,000 of 2025-11-24 still last; only 0001's 300 of 2020 expire.
    assert.deepEqual(counts, { points: 300 })
    assert.equal(await pointsOf(a), 800)

    const closed = await database.db.transaction((tx) => expireMemberPoints(tx as never, auditOf(closing)))
    assert.deepEqual(closed, { points: 600 }, '1,000 credited − 400 spent since')
    assert.equal(await pointsOf(a), 200)
    assert.equal(await pointsOf(b), 50)
    const [record] = await expiries(a)
    assert.equal(record!.pointsDelta, -600)
    assert.equal(record!.pointsAfter, 200)

    const again = await database.db.transaction((tx) => expireMemberPoints(tx as never, auditOf(closing)))
    assert.deepEqual(again, { points: 0 }, 'expired once')
    assert.equal((await expiries(a)).length, 1)
  })
})
