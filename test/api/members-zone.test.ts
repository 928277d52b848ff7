// Members of a property far from the server's time zone (Los Angeles on a UTC server) whose night audit has not run
// yet: its open business date is the day before its calendar day, so it differs from the server's day whatever the
// hour. Card numbers, desk points expiry and grade windows count on that business date; member and history times are
// shown on the property's clock.
import assert from 'node:assert/strict'
import { addDays, dayRange, zonedDateTime, zonedDay } from '@pms/protocol/time/zone'
import { beforeAll, test } from 'vitest'
import {
  arrangeBillingStaff,
  arrangeOrder,
  type BillingStaff,
  bill,
  setPropertyConfig,
} from './billing-support.ts'
import { describeProduct, type TestProduct } from './harness.ts'
import { call } from './orders-support.ts'

const LA = 'America/Los_Angeles'
const HOUR = 3_600_000

/** The day `months` months before `day` (the same day of the month, or that month's last day). */
function monthsBack(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const index = y * 12 + (m - 1) - months
  const year = Math.floor(index / 12)
  const month = index - year * 12 + 1
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}

describeProduct('members on the property clock', (product) => {
  let staff: BillingStaff
  let businessDate: string

  beforeAll(async () => {
    const p = product()
    staff = await arrangeBillingStaff(p)
    await setPropertyConfig(p, staff.hotel, { timeZone: LA, members: { pointsValidityMonths: 1 } })
    // Yesterday on the property's calendar, still open: never the server's (UTC) day.
    businessDate = addDays(zonedDay(new Date(), LA), -1)
    await p.query(
      `INSERT INTO pms_business_date (property_id, business_date) VALUES ($1, $2::date)
       ON CONFLICT (property_id) DO UPDATE SET business_date = EXCLUDED.business_date`,
      [staff.hotel, businessDate],
    )
    const overview = await call(p, staff.manager, 'get', '/pms/pmsNightAudit/overview')
    assert.deepEqual([overview.data.timeZone, overview.data.businessDate], [LA, businessDate])
    assert.notEqual(businessDate, new Date().toISOString().slice(0, 10))
  })

  async function signUp(p: TestProduct, name: string, phone: string) {
    const res = await call(p, staff.manager, 'post', '/pms/pmsMember', { name, phone })
    assert.equal(res.code, 200, res.msg)
    return res.data
  }

  const instantOf = async (p: TestProduct, sql: string, id: number) => {
    const [row] = await p.query<{ ms: string }>(sql, [id])
    return new Date(Number(row!.ms))
  }

  test('a generated card number carries the business date; member, history and record times are on the property clock', async () => {
    const p = product()
    const m = await signUp(p, 'Pacific Member', '13622223333')
    assert.equal(m.cardNo.slice(0, 6), businessDate.slice(2).replaceAll('-', ''))
    const state = await call(p, staff.manager, 'post', '/pms/pmsMember/state', {
      memberId: m.memberId,
      state: '1',
    })
    assert.equal(state.code, 200, state.msg)
    const detail = await call(p, staff.manager, 'get', `/pms/pmsMember/${m.memberId}`)
    const created = await instantOf(
      p,
      'SELECT (extract(epoch FROM create_time) * 1000)::bigint AS ms FROM pms_member WHERE member_id = $1',
      m.memberId,
    )
    assert.equal(detail.data.createTime, zonedDateTime(created, LA))
    const list = await call(p, staff.manager, 'get', `/pms/pmsMember/list?cardNo=${m.cardNo}`)
    assert.equal(list.rows![0].createTime, zonedDateTime(created, LA))
    const logged = await instantOf(
      p,
      `SELECT (extract(epoch FROM create_time) * 1000)::bigint AS ms FROM pms_member_state_log
       WHERE member_id = $1 AND field = 'state'`,
      m.memberId,
    )
    const change = detail.data.history.find((h: any) => h.field === 'state')
    assert.equal(change.createTime, zonedDateTime(logged, LA))
    // A record of the member's accounts, as a flow answers it and as the records list shows it.
    const adjusted = await bill(p, staff.manager, 'post', '/pms/pmsMember/adjust', {
      memberId: m.memberId,
      points: 5,
      reason: 'clock',
    })
    assert.equal(adjusted.code, 200, adjusted.msg)
    const recorded = await instantOf(
      p,
      'SELECT (extract(epoch FROM create_time) * 1000)::bigint AS ms FROM pms_member_record WHERE record_id = $1',
      adjusted.data.recordId,
    )
    assert.equal(adjusted.data.createTime, zonedDateTime(recorded, LA))
    const records = await call(p, staff.manager, 'get', '/pms/pmsMember/records', { memberId: m.memberId })
    assert.equal(records.rows![0].createTime, zonedDateTime(recorded, LA))
  })

  test('points at the desk expire on the business date, not on the server clock', async () => {
    const p = product()
    const m = await signUp(p, 'Points Member', '13633334444')
    const adjusted = await bill(p, staff.manager, 'post', '/pms/pmsMember/adjust', {
      memberId: m.memberId,
      points: 700,
      reason: 'edge',
    })
    assert.equal(adjusted.code, 200, adjusted.msg)
    // Credited on the business date a month back: still good through today's business date, although by the
    // server's clock it is more than a month old.
    const edge = monthsBack(businessDate, 1)
    await p.query(
      `UPDATE pms_member_record SET business_date = $2::date, create_time = now() - interval '1 month' - interval '1 hour'
       WHERE member_id = $1 AND remark = 'edge'`,
      [m.memberId, edge],
    )
    const kept = await bill(p, staff.manager, 'post', '/pms/pmsMember/expirePoints', { memberId: m.memberId })
    assert.equal(kept.code, 200, kept.msg)
    assert.equal(kept.data.points, 0, 'nothing expires before the close of its last business date')
    // A business date earlier, they are due.
    await p.query(
      `UPDATE pms_member_record SET business_date = $2::date WHERE member_id = $1 AND remark = 'edge'`,
      [m.memberId, addDays(edge, -1)],
    )
    const expired = await bill(p, staff.manager, 'post', '/pms/pmsMember/expirePoints', {
      memberId: m.memberId,
    })
    assert.equal(expired.data.points, 700)
  })

  test('a grade window starts on the business date its effective months back', async () => {
    const p = product()
    const gold = await call(p, staff.manager, 'post', '/pms/pmsMemberGrade', {
      gradeName: 'Gold',
      gradeRank: 2,
      upgradeWay: 'frequency',
      threshold: 2,
      discount: 90,
      delayHours: 0,
      effectiveMonths: 1,
      state: '0',
    })
    assert.equal(gold.code, 200, gold.msg)
    const m = await signUp(p, 'Window Member', '13644445555')
    const earlier = await arrangeOrder(p, staff.hotel, [
      { priceCents: 20_000, checkedInAt: new Date(Date.now() - HOUR) },
    ])
    const bound = await call(p, staff.clerk, 'post', '/pms/pmsMember/bindOrder', {
      orderId: earlier.orderId,
      memberId: m.memberId,
    })
    assert.equal(bound.code, 200, bound.msg)
    // Settled an hour into the property's business date a month back: inside the window, although more than a month
    // before now on the server's clock.
    const settled = new Date(dayRange(monthsBack(businessDate, 1), LA).start.getTime() + HOUR)
    assert.ok(settled.getTime() < Date.now() - 30 * 24 * HOUR)
    await p.query(`UPDATE pms_order SET state = 'checkOut', update_time = $2 WHERE order_id = $1`, [
      earlier.orderId,
      settled,
    ])
    const before = await call(p, staff.manager, 'get', `/pms/pmsMember/${m.memberId}`)
    assert.deepEqual([before.data.progress.gradeName, before.data.progress.current], ['Gold', 1])

    const now = await arrangeOrder(p, staff.hotel, [
      { priceCents: 20_000, checkedInAt: new Date(Date.now() - HOUR) },
    ])
    const bound2 = await call(p, staff.clerk, 'post', '/pms/pmsMember/bindOrder', {
      orderId: now.orderId,
      memberId: m.memberId,
    })
    assert.equal(bound2.code, 200, bound2.msg)
    const out = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: now.orderId })
    assert.equal(out.code, 200, out.msg)
    const after = await call(p, staff.manager, 'get', `/pms/pmsMember/${m.memberId}`)
    assert.equal(after.data.gradeName, 'Gold', 'the earlier stay counts: two stays in the window')
  })
})
