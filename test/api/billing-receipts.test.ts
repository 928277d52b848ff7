// Receipts and expenses of the folio (SPEC §3 Finance receipt types, §4 billing): every deposit and payment gets a
// receipt number unique in its property, taken in the posting transaction (a refused entry takes none), and a
// receipt type of the pms_receipt_type dictionary; GET receipt/{entryId} answers what the printed receipt shows.
// An expense is money paid out for the guest: owed like a charge, with the method it was paid out with.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { DEFAULT_TIME_ZONE, zonedDay } from '@pms/protocol/time/zone'
import { beforeAll, test } from 'vitest'
import { businessDate } from '../support/business-date.ts'
import {
  type ArrangedOrder,
  arrangeBillingStaff,
  arrangeOrder,
  type BillingStaff,
  bill,
  storedEntries,
} from './billing-support.ts'
import { describeProduct, expectFieldErrors, type TestProduct } from './harness.ts'

const HOUR = 3_600_000
const RECEIPT = /^RC(\d{4})(\d{2})(\d{2})(\d{4,})$/

/**
 * The receipt number's day and sequence; its day is the property's business date (the hotel day the entry is booked
 * to), which after midnight and before the night audit is the day before the entry's own calendar date.
 */
async function parseReceipt(p: TestProduct, propertyId: number, no: string) {
  const m = RECEIPT.exec(no)
  assert.ok(m, `receipt number ${no}`)
  assert.equal(`${m[1]}-${m[2]}-${m[3]}`, await businessDate(p.server().sql, propertyId), `${no}'s day`)
  return { day: `${m[1]}${m[2]}${m[3]}`, seq: Number(m[4]) }
}

describeProduct('billing: receipts and expenses', (product) => {
  let staff: BillingStaff
  let o: ArrangedOrder

  beforeAll(async () => {
    staff = await arrangeBillingStaff(product())
    o = await arrangeOrder(product(), staff.hotel, [
      { priceCents: 30000, checkedInAt: new Date(Date.now() - HOUR) },
    ])
  })

  test('deposits and payments get sequential receipt numbers; a refused payment and other kinds take none', async () => {
    const p = product()
    const c = staff.clerk
    const charge = await bill(p, c, 'post', '/pms/pmsFolio/charge', {
      orderId: o.orderId,
      itemName: 'Room',
      amountCents: 30000,
    })
    assert.equal(charge.code, 200, charge.msg)
    assert.equal(charge.data.receiptNo, null)
    assert.equal(charge.data.receiptType, null)

    const first = await bill(p, c, 'post', '/pms/pmsFolio/deposit', {
      orderId: o.orderId,
      amountCents: 10000,
      method: 'cash',
    })
    assert.equal(first.code, 200, first.msg)
    assert.equal(first.data.receiptType, 'deposit')
    const a = await parseReceipt(p, staff.hotel, first.data.receiptNo)

    const refused = await bill(p, c, 'post', '/pms/pmsFolio/payment', {
      orderId: o.orderId,
      amountCents: 20001,
      method: 'cash',
    })
    assert.equal(refused.status, 400)
    const badType = await bill(p, c, 'post', '/pms/pmsFolio/payment', {
      orderId: o.orderId,
      amountCents: 100,
      method: 'cash',
      receiptType: 'gold',
    })
    assert.equal(badType.status, 400)
    assert.match(badType.msg, /receiptType/)

    const second = await bill(p, c, 'post', '/pms/pmsFolio/payment', {
      orderId: o.orderId,
      amountCents: 20000,
      method: 'bankCard',
    })
    assert.equal(second.code, 200, second.msg)
    assert.equal(second.data.receiptType, 'roomFee')
    const b = await parseReceipt(p, staff.hotel, second.data.receiptNo)
    if (b.day === a.day) assert.equal(b.seq, a.seq + 1, 'the refused payments took no number')
    else assert.equal(b.seq, 1)

    const other = await bill(p, c, 'post', '/pms/pmsFolio/deposit', {
      orderId: o.orderId,
      amountCents: 500,
      method: 'transfer',
      receiptType: 'other',
    })
    assert.equal(other.code, 200, other.msg)
    assert.equal(other.data.receiptType, 'other')
    const refund = await bill(p, c, 'post', '/pms/pmsFolio/refund', {
      orderId: o.orderId,
      amountCents: 500,
      method: 'transfer',
      reason: 'depositReturn',
    })
    assert.equal(refund.code, 200, refund.msg)
    assert.equal(refund.data.receiptNo, null)

    // A replay answers the same receipt and takes no number.
    const key = 'receipt-replay-1'
    const once = await bill(
      p,
      c,
      'post',
      '/pms/pmsFolio/deposit',
      { orderId: o.orderId, amountCents: 700, method: 'cash' },
      key,
    )
    const again = await bill(
      p,
      c,
      'post',
      '/pms/pmsFolio/deposit',
      { orderId: o.orderId, amountCents: 700, method: 'cash' },
      key,
    )
    assert.equal(again.data.receiptNo, once.data.receiptNo)
    const stored = await p.query<{ kind: string; receipt_no: string | null }>(
      'SELECT kind, receipt_no FROM pms_folio_entry WHERE order_id = $1 ORDER BY entry_id',
      [o.orderId],
    )
    assert.deepEqual(
      stored.map((r) => [r.kind, r.receipt_no !== null]),
      [
        ['extraCharge', false],
        ['deposit', true],
        ['payment', true],
        ['deposit', true],
        ['refund', false],
        ['deposit', true],
      ],
    )
    const numbers = stored.flatMap((r) => (r.receipt_no ? [r.receipt_no] : []))
    assert.equal(new Set(numbers).size, numbers.length)
  })

  test('receipts posted at once on several orders of the property are unique and consecutive', async () => {
    const p = product()
    const orders = await Promise.all(
      [0, 1, 2].map(() =>
        arrangeOrder(p, staff.hotel, [{ priceCents: 10000, checkedInAt: new Date(Date.now() - HOUR) }]),
      ),
    )
    const posted = await Promise.all(
      orders.flatMap((x) =>
        [1, 2].map((n) =>
          bill(p, n === 1 ? staff.clerk : staff.manager, 'post', '/pms/pmsFolio/deposit', {
            orderId: x.orderId,
            amountCents: 1000 * n,
            method: 'cash',
          }),
        ),
      ),
    )
    for (const r of posted) assert.equal(r.code, 200, r.msg)
    const parsed = await Promise.all(posted.map((r) => parseReceipt(p, staff.hotel, r.data.receiptNo)))
    assert.equal(new Set(posted.map((r) => r.data.receiptNo)).size, posted.length)
    const days = new Set(parsed.map((x) => x.day))
    if (days.size === 1) {
      const seqs = parsed.map((x) => x.seq).sort((x, y) => x - y)
      assert.equal(seqs.at(-1)! - seqs[0]!, seqs.length - 1, `consecutive: ${seqs.join(',')}`)
    }
    // The number is unique in the property, not across properties.
    const [row] = await p.query<{ receipt_no: string; entry_id: string }>(
      'SELECT receipt_no, entry_id FROM pms_folio_entry WHERE entry_id = $1',
      [posted[0]!.data.entryId],
    )
    await assert.rejects(
      p.query(
        `INSERT INTO pms_folio_entry (property_id, order_id, kind, amount_cents, method, debit_account, credit_account,
           receipt_no, receipt_type) VALUES ($1, $2, 'deposit', 1, 'cash', 'cash', 'guest', $3, 'deposit')`,
        [staff.hotel, orders[1]!.orderId, row!.receipt_no],
      ),
    )
    const foreign = await arrangeOrder(p, staff.apartment, [{ priceCents: 100, checkedInAt: new Date() }])
    await p.query(
      `INSERT INTO pms_folio_entry (property_id, order_id, kind, amount_cents, method, debit_account, credit_account,
         receipt_no, receipt_type) VALUES ($1, $2, 'deposit', 1, 'cash', 'cash', 'guest', $3, 'deposit')`,
      [staff.apartment, foreign.orderId, row!.receipt_no],
    )
  })

  test('GET receipt answers the receipt of a deposit or payment; 404 for other kinds and other properties', async () => {
    const p = product()
    const x = await arrangeOrder(p, staff.hotel, [
      { priceCents: 20000, checkedInAt: new Date(Date.now() - HOUR) },
    ])
    const dep = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/deposit', {
      orderId: x.orderId,
      orderRoomId: x.rooms[0]!.orderRoomId,
      amountCents: 12345,
      method: 'bankCard',
      remark: 'front desk',
    })
    assert.equal(dep.code, 200, dep.msg)
    const r = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/receipt/${dep.data.entryId}`)
    assert.equal(r.code, 200, r.msg)
    const [prop] = await p.query<{ property_name: string }>(
      'SELECT property_name FROM pms_property WHERE property_id = $1',
      [staff.hotel],
    )
    assert.equal(r.data.property.propertyName, prop!.property_name)
    assert.deepEqual(r.data.order, { orderId: x.orderId, orderNo: x.orderNo })
    assert.deepEqual(r.data.guest, { name: `Guest ${x.rooms[0]!.roomNo}`, phone: '138****8000' })
    assert.equal(r.data.roomNo, x.rooms[0]!.roomNo)
    assert.equal(r.data.entryId, dep.data.entryId)
    assert.equal(r.data.kind, 'deposit')
    assert.equal(r.data.amountCents, 12345)
    assert.equal(r.data.method, 'bankCard')
    assert.equal(r.data.receiptNo, dep.data.receiptNo)
    assert.equal(r.data.receiptType, 'deposit')
    assert.equal(r.data.receiptTypeLabel, '押金')
    assert.equal(r.data.remark, 'front desk')
    assert.equal(r.data.createByName, 'clerk')
    assert.equal(r.data.createTime, dep.data.createTime)
    assert.match(r.data.printedAt, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)

    const charge = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: x.orderId,
      itemName: 'Minibar',
      amountCents: 100,
    })
    const notReceipt = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/receipt/${charge.data.entryId}`)
    assert.equal(notReceipt.status, 404)
    assert.equal(notReceipt.msg, 'Receipt does not exist')

    const foreign = await arrangeOrder(p, staff.apartment, [{ priceCents: 100, checkedInAt: new Date() }])
    const [f] = await p.query<{ entry_id: string }>(
      `INSERT INTO pms_folio_entry (property_id, order_id, kind, amount_cents, method, debit_account, credit_account,
         receipt_no, receipt_type) VALUES ($1, $2, 'payment', 100, 'cash', 'cash', 'guest', 'RC209901019999', 'roomFee')
       RETURNING entry_id`,
      [staff.apartment, foreign.orderId],
    )
    for (const token of [staff.clerk, staff.manager]) {
      const cross = await bill(p, token, 'get', `/pms/pmsFolio/receipt/${f!.entry_id}`)
      assert.equal(cross.status, 404, cross.msg)
    }
    const denied = await bill(p, staff.viewer, 'get', `/pms/pmsFolio/receipt/${dep.data.entryId}`)
    assert.equal(denied.status, 403)
    await expectFieldErrors(p.http, staff.clerk, [
      ['get', '/prod-api/pms/pmsFolio/receipt/abc', undefined, 'entryId'],
      ['get', '/prod-api/pms/pmsFolio/receipt/0', undefined, 'entryId'],
    ])
  })

  test('a receipt shows the room the money was taken in, after the stay moved to another room', async () => {
    const p = product()
    const x = await arrangeOrder(p, staff.hotel, [
      { priceCents: 20000, checkedInAt: new Date(Date.now() - HOUR) },
    ])
    const stay = x.rooms[0]!
    const take = async (path: string, amountCents: number) => {
      const res = await bill(p, staff.clerk, 'post', path, {
        orderId: x.orderId,
        orderRoomId: stay.orderRoomId,
        amountCents,
        method: 'cash',
      })
      assert.equal(res.code, 200, res.msg)
      return res.data.entryId as number
    }
    const deposit = await take('/pms/pmsFolio/deposit', 5000)
    const [target] = await p.query<{ room_id: string; room_no: string }>(
      `SELECT r.room_id, r.room_no FROM pms_room r JOIN pms_room o ON o.room_id = $1
        WHERE r.property_id = o.property_id AND r.room_type_id = o.room_type_id AND r.room_id <> o.room_id
          AND r.occupancy = 'empty' AND NOT r.locked AND NOT r.maintain
          AND NOT EXISTS (SELECT 1 FROM pms_order_room s WHERE s.room_id = r.room_id)
        ORDER BY r.room_id DESC LIMIT 1`,
      [stay.roomId],
    )
    assert.ok(target, 'a free room of the same type')
    const moved = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/changeRoom', {
      orderRoomId: stay.orderRoomId,
      roomId: Number(target.room_id),
    })
    assert.equal(moved.code, 200, moved.msg)
    await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: x.orderId,
      orderRoomId: stay.orderRoomId,
      itemName: 'Minibar',
      amountCents: 8000,
    })
    const payment = await take('/pms/pmsFolio/payment', 3000)

    const receiptRoom = async (entryId: number) => {
      const r = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/receipt/${entryId}`)
      assert.equal(r.code, 200, r.msg)
      return r.data.roomNo
    }
    const folioRooms = async () => {
      const f = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/${x.orderId}`)
      assert.equal(f.code, 200, f.msg)
      return f.data.entries
        .filter((e: any) => e.entryId === deposit || e.entryId === payment)
        .map((e: any) => [e.entryId, e.roomNo])
    }
    const expected = async () => {
      assert.equal(await receiptRoom(deposit), stay.roomNo)
      assert.equal(await receiptRoom(payment), target.room_no)
      assert.deepEqual(await folioRooms(), [
        [deposit, stay.roomNo],
        [payment, target.room_no],
      ])
    }
    await expected()

    // Entries posted before the room was recorded on them: migration 0060 reads it back from the stay's history.
    const [change] = await p.query<{ create_time: Date }>(
      `SELECT create_time FROM pms_order_event WHERE order_room_id = $1 AND action = 'changeRoom'`,
      [stay.orderRoomId],
    )
    assert.ok(change)
    await p.query(
      `UPDATE pms_folio_entry SET room_id = NULL,
         create_time = $2::timestamptz + CASE WHEN entry_id = $3 THEN interval '-1 minute' ELSE interval '1 minute' END
       WHERE order_room_id = $1`,
      [stay.orderRoomId, change.create_time, deposit],
    )
    const migration = readFileSync(
      new URL('../../server/migrations/0060_folio_entry_room.sql', import.meta.url),
      'utf8',
    )
    await p.query(
      migration.slice(
        migration.indexOf('WITH known AS'),
        migration.indexOf('ALTER TABLE pms_folio_entry ENABLE'),
      ),
    )
    await expected()
  })

  test('an expense is owed like a charge, paid out with a method, keyed, and never widens a refund', async () => {
    const p = product()
    const x = await arrangeOrder(p, staff.hotel, [
      { priceCents: 20000, checkedInAt: new Date(Date.now() - HOUR) },
    ])
    const key = 'expense-taxi-1'
    const body = { orderId: x.orderId, itemName: 'Taxi to airport', amountCents: 8800, method: 'cash' }
    const taxi = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/expense', body, key)
    assert.equal(taxi.code, 200, taxi.msg)
    assert.equal(taxi.data.kind, 'expense')
    assert.equal(taxi.data.method, 'cash')
    assert.equal(taxi.data.itemName, 'Taxi to airport')
    assert.equal(taxi.data.receiptNo, null)
    const replay = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/expense', body, key)
    assert.equal(replay.data.entryId, taxi.data.entryId)
    const changed = await bill(
      p,
      staff.clerk,
      'post',
      '/pms/pmsFolio/expense',
      { ...body, amountCents: 1 },
      key,
    )
    assert.equal(changed.status, 409)

    const folio = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/${x.orderId}`)
    assert.deepEqual(folio.data.totals, {
      chargesCents: 8800,
      receivedCents: 0,
      refundedCents: 0,
      paidCents: 0,
      balanceCents: 8800,
    })
    const [line] = await p.query<{ debit_account: string; credit_account: string }>(
      'SELECT debit_account, credit_account FROM pms_folio_entry WHERE entry_id = $1',
      [taxi.data.entryId],
    )
    assert.deepEqual(line, { debit_account: 'guest', credit_account: 'cash' })
    const refund = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/refund', {
      orderId: x.orderId,
      amountCents: 1,
      method: 'cash',
      reason: 'other',
    })
    assert.equal(refund.status, 400)
    // The guest pays the expense back; the folio settles.
    const pay = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/payment', {
      orderId: x.orderId,
      amountCents: 8800,
      method: 'bankCard',
    })
    assert.equal(pay.code, 200, pay.msg)
    const settle = await bill(p, staff.manager, 'post', `/pms/pmsFolio/settle/${x.orderId}`)
    assert.equal(settle.code, 200, settle.msg)
    const late = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/expense', {
      ...body,
      itemName: 'Late taxi',
    })
    assert.equal(late.status, 409)
    assert.equal((await storedEntries(p, x.orderId)).length, 2)

    const foreign = await arrangeOrder(p, staff.apartment, [{ priceCents: 100, checkedInAt: new Date() }])
    const cross = await bill(p, staff.manager, 'post', '/pms/pmsFolio/expense', {
      ...body,
      orderId: foreign.orderId,
    })
    assert.equal(cross.status, 404)
    const denied = await bill(p, staff.viewer, 'post', '/pms/pmsFolio/expense', body)
    assert.equal(denied.status, 403)
    assert.equal((await storedEntries(p, foreign.orderId)).length, 0)

    // Bad input on an open folio (the settled one above answers 409 before its rules are read).
    const open = await arrangeOrder(p, staff.hotel, [{ priceCents: 100, checkedInAt: new Date() }])
    await expectFieldErrors(p.http, staff.clerk, [
      [
        'post',
        '/prod-api/pms/pmsFolio/expense',
        { orderId: open.orderId, amountCents: 100, method: 'cash', idempotencyKey: 'e1' },
        'itemName',
      ],
      [
        'post',
        '/prod-api/pms/pmsFolio/expense',
        { orderId: open.orderId, itemName: 'Taxi', amountCents: 100, idempotencyKey: 'e2' },
        'method',
      ],
      [
        'post',
        '/prod-api/pms/pmsFolio/expense',
        { orderId: open.orderId, itemName: 'Taxi', amountCents: 0, method: 'cash', idempotencyKey: 'e3' },
        'amountCents',
      ],
      [
        'post',
        '/prod-api/pms/pmsFolio/expense',
        { orderId: open.orderId, itemName: '   ', amountCents: 10, method: 'cash', idempotencyKey: 'e4' },
        'itemName',
      ],
      [
        'post',
        '/prod-api/pms/pmsFolio/deposit',
        { orderId: open.orderId, amountCents: 1, method: 'cash', receiptType: 'gold', idempotencyKey: 'e6' },
        'receiptType',
      ],
    ])
  })

  test("a property whose business date was never opened numbers a receipt on its clock's day, and opens it", async () => {
    const p = product()
    const opened = () =>
      p.query<{ d: string }>(
        "SELECT to_char(business_date, 'YYYY-MM-DD') AS d FROM pms_business_date WHERE property_id = $1",
        [staff.hotel],
      )
    const [kept] = await opened()
    await p.query('DELETE FROM pms_business_date WHERE property_id = $1', [staff.hotel])
    try {
      // The clock's day in the property's zone when the call was sent and when it was answered (the same but across
      // a midnight).
      const before = zonedDay(Date.now(), DEFAULT_TIME_ZONE)
      const paid = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/deposit', {
        orderId: o.orderId,
        amountCents: 100,
        method: 'cash',
      })
      assert.equal(paid.code, 200, paid.msg)
      const after = zonedDay(Date.now(), DEFAULT_TIME_ZONE)
      const no = paid.data.receiptNo as string
      const day = `${no.slice(2, 6)}-${no.slice(6, 8)}-${no.slice(8, 10)}`
      assert.ok([before, after].includes(day), `${no} numbered on the clock's day (${before}…${after})`)
      assert.deepEqual(await opened(), [{ d: day }], 'the business date opened on that day')
    } finally {
      await p.query(
        `INSERT INTO pms_business_date (property_id, business_date) VALUES ($1, $2)
          ON CONFLICT (property_id) DO UPDATE SET business_date = EXCLUDED.business_date`,
        [staff.hotel, kept!.d],
      )
    }
  })
})
