// A property in a time zone far from the server's (issue 13): its days, stay times and business date are read on its
// own clock; and ten concurrent night audits of one property and date close it exactly once.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { addDays, zonedDay, zonedInstant } from '@pms/protocol/time/zone'
import { it } from 'vitest'
import { businessDate, setBusinessDate } from '../support/business-date.ts'
import { bearer, describeProduct } from './harness.ts'
import { arrangeStaff, call, KING, reserve, type Staff, typeOf } from './orders-support.ts'

const LA = 'America/Los_Angeles'

describeProduct('night audit in another time zone', (product) => {
  let staff: Staff

  it('a wrong zone is refused naming the field; a good one restarts the business date on its calendar', async () => {
    const p = product()
    staff = await arrangeStaff(p)
    const bad = await call(p, staff.manager, 'put', '/pms/pmsProperty/propertyConfig', {
      propertyId: staff.hotel,
      timeZone: 'Mars/Olympus_Mons',
    })
    assert.equal(bad.status, 400)
    assert.match(bad.msg, /timeZone/)
    // The calendar day on either side of the change (the zone's midnight may pass between the calls).
    const before = zonedDay(new Date(), LA)
    const res = await call(p, staff.manager, 'put', '/pms/pmsProperty/propertyConfig', {
      propertyId: staff.hotel,
      timeZone: LA,
    })
    assert.equal(res.code, 200, res.msg)
    const overview = await call(p, staff.manager, 'get', '/pms/pmsNightAudit/overview')
    const after = zonedDay(new Date(), LA)
    assert.equal(overview.data.timeZone, LA)
    assert.ok([before, after].includes(overview.data.businessDate), overview.data.businessDate)
    assert.ok([before, after].includes(overview.data.localTime.slice(0, 10)), overview.data.localTime)
  })

  it('stay times are read and shown on the property clock, whatever the server zone', async () => {
    const p = product()
    const king = await typeOf(p, staff.hotel, KING)
    const date = addDays(zonedDay(new Date(), LA), 3)
    const order = await reserve(p, staff.clerk, {
      startTime: `${date} 14:00:00`,
      nights: 2,
      contactName: 'Pacific Guest',
      rooms: [{ roomTypeId: king.roomTypeId }],
    })
    assert.equal(order.rooms[0].startTime, `${date} 14:00:00`)
    // Two nights end on the check-out time (12:00) of the property's day, two days later.
    assert.equal(order.rooms[0].endTime, `${addDays(date, 2)} 12:00:00`)
    const [y, m, d] = date.split('-').map(Number)
    const [row] = await p.query<{ start: string }>(
      `SELECT to_char(lower(stay) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS start FROM pms_order_room
       WHERE order_id = $1`,
      [order.orderId],
    )
    assert.equal(
      `${row!.start}.000Z`,
      zonedInstant({ year: y!, month: m!, day: d!, hour: 14 }, LA).toISOString(),
    )
    // The order number carries the property's business date.
    assert.equal(
      order.orderNo.slice(1, 9),
      (await businessDate(p.server().sql, staff.hotel)).replaceAll('-', ''),
    )
  })

  it('ten concurrent runs for the same property and date close it once; the others are refused', async () => {
    const p = product()
    const open = addDays(zonedDay(new Date(), LA), -1)
    await setBusinessDate(p.query, staff.hotel, open)
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(p, staff.manager, 'post', '/pms/pmsNightAudit/run', { businessDate: open }),
      ),
    )
    assert.deepEqual(results.map((r) => r.status).sort(), [200, ...Array(9).fill(409)])
    for (const r of results.filter((x) => x.status === 409)) assert.match(r.msg, /already closed/)
    const runs = await p.query('SELECT * FROM pms_night_audit WHERE property_id = $1', [staff.hotel])
    assert.equal(runs.length, 1)
    const [bd] = await p.query<{ d: string }>(
      `SELECT to_char(business_date, 'YYYY-MM-DD') AS d FROM pms_business_date WHERE property_id = $1`,
      [staff.hotel],
    )
    assert.equal(bd!.d, addDays(open, 1))
    const log = await call(p, staff.manager, 'get', '/monitor/jobLog/list', { pageSize: 50 })
    assert.equal(log.total, 10)
    assert.equal(log.rows!.filter((r) => r.status === '0').length, 1)
  })

  it('the scheduler closes a day that is behind the property calendar at its audit time, and logs it', async () => {
    const p = product()
    const open = addDays(zonedDay(new Date(), LA), -3)
    await p.query('DELETE FROM pms_night_audit WHERE property_id = $1', [staff.hotel])
    await p.query('DELETE FROM pms_daily_snapshot WHERE property_id = $1', [staff.hotel])
    await setBusinessDate(p.query, staff.hotel, open)
    const closed = await p.server().nightAudit.tick(new Date())
    assert.ok(closed.includes(staff.hotel), JSON.stringify(closed))
    const log = await call(p, staff.manager, 'get', '/monitor/jobLog/list', { jobName: 'nightAudit' })
    assert.equal(log.rows![0].jobGroup, 'SYSTEM')
    assert.equal(log.rows![0].status, '0')
    // Kept as its message key: each reader reads it in their own language.
    assert.equal(log.rows![0].jobMessage, translate('en-US', 'nightAudit.done', [open]))
    const zh = await p.http
      .get('/prod-api/monitor/jobLog/list')
      .query({ jobName: 'nightAudit' })
      .set(bearer(staff.manager))
      .set('Accept-Language', 'zh-CN')
    assert.equal(zh.body.rows[0].jobMessage, translate('zh-CN', 'nightAudit.done', [open]))
  })
})
