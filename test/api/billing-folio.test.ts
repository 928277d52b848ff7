// The folio of an order (SPEC §4 billing): charges (free items and room-type cost items), deposits, payments,
// refunds, settling, idempotency keys, joint rooms, property isolation, permission denial and bad input.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import {
  type ArrangedOrder,
  arrangeBillingStaff,
  arrangeOrder,
  type BillingStaff,
  bill,
  storedEntries,
} from './billing-support.ts'
import { describeProduct, expectFieldErrors } from './harness.ts'

const HOUR = 3_600_000

describeProduct('billing: folio', (product) => {
  let staff: BillingStaff
  let o: ArrangedOrder

  beforeAll(async () => {
    staff = await arrangeBillingStaff(product())
    o = await arrangeOrder(product(), staff.hotel, [
      { priceCents: 30000, checkedInAt: new Date(Date.now() - HOUR) },
    ])
  })

  test('charges, a deposit, payments and refunds keep the balance; the rules refuse what would break it', async () => {
    const p = product()
    const c = staff.clerk
    const empty = await bill(p, c, 'get', `/pms/pmsFolio/${o.orderId}`)
    assert.equal(empty.code, 200, empty.msg)
    assert.deepEqual(empty.data.entries, [])
    assert.equal(empty.data.settled, false)

    const minibar = await bill(p, c, 'post', '/pms/pmsFolio/charge', {
      orderId: o.orderId,
      orderRoomId: o.rooms[0]!.orderRoomId,
      itemName: 'Minibar',
      amountCents: 2550,
    })
    assert.equal(minibar.code, 200, minibar.msg)
    assert.equal(minibar.data.kind, 'extraCharge')
    assert.equal(minibar.data.roomNo, o.rooms[0]!.roomNo)
    assert.equal(minibar.data.createByName, 'clerk')

    const over = await bill(p, c, 'post', '/pms/pmsFolio/payment', {
      orderId: o.orderId,
      amountCents: 2551,
      method: 'cash',
    })
    assert.equal(over.status, 400)
    assert.equal(over.msg, 'The payment 25.51 is more than the balance due 25.50; take the rest as a deposit')

    const paid = await bill(p, c, 'post', '/pms/pmsFolio/payment', {
      orderId: o.orderId,
      amountCents: 2550,
      method: 'bankCard',
    })
    assert.equal(paid.code, 200, paid.msg)
    const deposit = await bill(p, c, 'post', '/pms/pmsFolio/deposit', {
      orderId: o.orderId,
      amountCents: 50000,
      method: 'cash',
    })
    assert.equal(deposit.code, 200, deposit.msg)

    const tooMuch = await bill(p, c, 'post', '/pms/pmsFolio/refund', {
      orderId: o.orderId,
      amountCents: 52551,
      method: 'cash',
      reason: 'depositReturn',
    })
    assert.equal(tooMuch.status, 400)
    assert.equal(tooMuch.msg, 'The refund 525.51 is more than what was paid (525.50)')
    const noReason = await bill(p, c, 'post', '/pms/pmsFolio/refund', {
      orderId: o.orderId,
      amountCents: 100,
      method: 'cash',
      reason: '   ',
    })
    assert.equal(noReason.status, 400)
    assert.match(noReason.msg, /reason/)

    const refund = await bill(p, c, 'post', '/pms/pmsFolio/refund', {
      orderId: o.orderId,
      amountCents: 20000,
      method: 'cash',
      reason: 'other',
      remark: 'Guest asked for part of the deposit',
    })
    assert.equal(refund.code, 200, refund.msg)

    const folio = await bill(p, c, 'get', `/pms/pmsFolio/${o.orderId}`)
    assert.deepEqual(
      folio.data.entries.map((e: any) => [e.kind, e.amountCents, e.method]),
      [
        ['extraCharge', 2550, null],
        ['payment', 2550, 'bankCard'],
        ['deposit', 50000, 'cash'],
        ['refund', 20000, 'cash'],
      ],
    )
    assert.deepEqual(folio.data.totals, {
      chargesCents: 2550,
      receivedCents: 52550,
      refundedCents: 20000,
      paidCents: 32550,
      balanceCents: -30000,
    })
    // Every entry is one balanced journal line; the guest account carries the balance.
    const ledger = await p.query<{ account: string; net: string }>(
      `SELECT account, sum(amount)::bigint AS net FROM (
         SELECT debit_account AS account, amount_cents AS amount FROM pms_folio_entry WHERE order_id = $1
         UNION ALL SELECT credit_account, -amount_cents FROM pms_folio_entry WHERE order_id = $1) l
       GROUP BY account ORDER BY account`,
      [o.orderId],
    )
    const net = Object.fromEntries(ledger.map((r) => [r.account, Number(r.net)]))
    assert.equal(net.guest, -30000)
    assert.equal(
      Object.values(net).reduce((s, v) => s + v, 0),
      0,
    )
  })

  test('settling needs a zero balance; a settled folio takes no entry', async () => {
    const p = product()
    const c = staff.clerk
    const refused = await bill(p, c, 'post', `/pms/pmsFolio/settle/${o.orderId}`)
    assert.equal(refused.status, 400)
    assert.equal(refused.msg, 'The folio cannot be settled: its balance is -300.00, not zero')
    const back = await bill(p, c, 'post', '/pms/pmsFolio/refund', {
      orderId: o.orderId,
      amountCents: 30000,
      method: 'cash',
      reason: 'depositReturn',
    })
    assert.equal(back.code, 200, back.msg)
    const settled = await bill(p, c, 'post', `/pms/pmsFolio/settle/${o.orderId}`)
    assert.equal(settled.code, 200, settled.msg)
    assert.equal(settled.data.settled, true)
    assert.equal(settled.data.totals.balanceCents, 0)
    const [row] = await p.query<{ settled: boolean }>('SELECT settled FROM pms_order WHERE order_id = $1', [
      o.orderId,
    ])
    assert.equal(row!.settled, true)
    const late = await bill(p, c, 'post', '/pms/pmsFolio/charge', {
      orderId: o.orderId,
      itemName: 'Late snack',
      amountCents: 800,
    })
    assert.equal(late.status, 409)
    assert.equal(late.msg, 'The folio is settled; no entry can be posted')
    assert.equal((await bill(p, c, 'post', `/pms/pmsFolio/settle/${o.orderId}`)).status, 409)
  })

  test('an idempotency key posts once: the replay answers the same entry and the folio holds one', async () => {
    const p = product()
    const c = staff.clerk
    const fresh = await arrangeOrder(p, staff.hotel, [{ priceCents: 20000, checkedInAt: new Date() }])
    const body = { orderId: fresh.orderId, itemName: 'Laundry', amountCents: 1800 }
    const first = await bill(p, c, 'post', '/pms/pmsFolio/charge', body, 'key-laundry-1')
    const again = await bill(p, c, 'post', '/pms/pmsFolio/charge', body, 'key-laundry-1')
    assert.equal(first.code, 200, first.msg)
    assert.equal(again.code, 200, again.msg)
    assert.deepEqual(again.data, first.data)
    // The key may come in the body instead of the header; it is the same key.
    const inBody = await bill(
      p,
      c,
      'post',
      '/pms/pmsFolio/charge',
      { ...body, idempotencyKey: 'key-laundry-1' },
      null,
    )
    assert.equal(inBody.data.entryId, first.data.entryId)
    assert.equal((await storedEntries(p, fresh.orderId)).length, 1)

    const other = await bill(
      p,
      c,
      'post',
      '/pms/pmsFolio/charge',
      { ...body, amountCents: 1900 },
      'key-laundry-1',
    )
    assert.equal(other.status, 409)
    assert.equal(other.msg, 'The idempotency key key-laundry-1 was already used for a different request')
    const otherRoute = await bill(
      p,
      c,
      'post',
      '/pms/pmsFolio/deposit',
      { orderId: fresh.orderId, amountCents: 1800, method: 'cash' },
      'key-laundry-1',
    )
    assert.equal(otherRoute.status, 409)

    const noKey = await bill(
      p,
      c,
      'post',
      '/pms/pmsFolio/payment',
      { orderId: fresh.orderId, amountCents: 100, method: 'cash' },
      null,
    )
    assert.equal(noKey.status, 400)
    assert.match(noKey.msg, /Idempotency-Key/)

    // A refused first attempt leaves the key free: the corrected retry with a new body is not a replay of it.
    const refused = await bill(
      p,
      c,
      'post',
      '/pms/pmsFolio/payment',
      { orderId: fresh.orderId, amountCents: 999999, method: 'cash' },
      'key-pay-1',
    )
    assert.equal(refused.status, 400)
    const retried = await bill(
      p,
      c,
      'post',
      '/pms/pmsFolio/payment',
      { orderId: fresh.orderId, amountCents: 1800, method: 'cash' },
      'key-pay-1',
    )
    assert.equal(retried.code, 200, retried.msg)
    assert.equal((await storedEntries(p, fresh.orderId)).length, 2)

    // Concurrent twins: one posts, the other answers the same entry.
    const twins = await Promise.all(
      [1, 2].map(() =>
        bill(
          p,
          c,
          'post',
          '/pms/pmsFolio/deposit',
          { orderId: fresh.orderId, amountCents: 5000, method: 'cash' },
          'key-twin',
        ),
      ),
    )
    assert.deepEqual(
      twins.map((t) => t.code),
      [200, 200],
    )
    assert.equal(twins[0]!.data.entryId, twins[1]!.data.entryId)
    assert.equal((await storedEntries(p, fresh.orderId)).length, 3)
  })

  test('cost items of the stay room type are charged by name and amount', async () => {
    const p = product()
    const c = staff.clerk
    const fresh = await arrangeOrder(p, staff.hotel, [{ priceCents: 20000, checkedInAt: new Date() }])
    const stay = fresh.rooms[0]!
    const [cost] = await p.query<{ cost_id: string }>(
      `INSERT INTO pms_room_type_cost (room_type_id, cost_name, amount) VALUES ($1, 'Breakfast', 3800) RETURNING cost_id`,
      [stay.roomTypeId],
    )
    const costId = Number(cost!.cost_id)
    const two = await bill(p, c, 'post', '/pms/pmsFolio/charge', {
      orderId: fresh.orderId,
      orderRoomId: stay.orderRoomId,
      costId,
      quantity: 2,
    })
    assert.equal(two.code, 200, two.msg)
    assert.deepEqual(
      [two.data.itemName, two.data.quantity, two.data.amountCents, two.data.costId],
      ['Breakfast', 2, 7600, costId],
    )
    const [otherType] = await p.query<{ room_type_id: string }>(
      'SELECT room_type_id FROM pms_room_type WHERE property_id = $1 AND room_type_id <> $2 LIMIT 1',
      [staff.hotel, stay.roomTypeId],
    )
    const [foreign] = await p.query<{ cost_id: string }>(
      `INSERT INTO pms_room_type_cost (room_type_id, cost_name, amount) VALUES ($1, 'Spa', 9900) RETURNING cost_id`,
      [otherType!.room_type_id],
    )
    const wrongType = await bill(p, c, 'post', '/pms/pmsFolio/charge', {
      orderId: fresh.orderId,
      orderRoomId: stay.orderRoomId,
      costId: Number(foreign!.cost_id),
    })
    assert.equal(wrongType.status, 404)
    assert.equal(wrongType.msg, 'The cost item does not exist')
    const other = await arrangeOrder(p, staff.hotel, [{ priceCents: 20000, checkedInAt: new Date() }])
    const notMine = await bill(p, c, 'post', '/pms/pmsFolio/charge', {
      orderId: fresh.orderId,
      orderRoomId: other.rooms[0]!.orderRoomId,
      itemName: 'x',
      amountCents: 100,
    })
    assert.equal(notMine.status, 400)
    assert.equal(notMine.msg, `Order room ${other.rooms[0]!.orderRoomId} does not belong to this order`)
  })

  test('a joint room bills to the folio of the order holding its main room', async () => {
    const p = product()
    const c = staff.clerk
    const main = await arrangeOrder(p, staff.hotel, [{ priceCents: 20000, checkedInAt: new Date() }])
    const joined = await arrangeOrder(p, staff.hotel, [
      { priceCents: 15000, checkedInAt: new Date(), mainRoomId: main.rooms[0]!.orderRoomId },
    ])
    const charge = await bill(p, c, 'post', '/pms/pmsFolio/charge', {
      orderId: joined.orderId,
      orderRoomId: joined.rooms[0]!.orderRoomId,
      itemName: 'Room service',
      amountCents: 4200,
    })
    assert.equal(charge.code, 200, charge.msg)
    assert.equal(charge.data.orderId, main.orderId)
    const viaJoined = await bill(p, c, 'get', `/pms/pmsFolio/${joined.orderId}`)
    assert.equal(viaJoined.data.orderId, joined.orderId)
    assert.equal(viaJoined.data.folioOrderId, main.orderId)
    assert.deepEqual(
      viaJoined.data.entries.map((e: any) => [e.roomNo, e.amountCents]),
      [[joined.rooms[0]!.roomNo, 4200]],
    )
    assert.equal((await storedEntries(p, joined.orderId)).length, 0)
  })

  test("another property's order is not reachable: 404 on every route, nothing posted", async () => {
    const p = product()
    const foreign = await arrangeOrder(p, staff.apartment, [{ priceCents: 10000, checkedInAt: new Date() }])
    const id = foreign.orderId
    for (const [method, path, body] of [
      ['get', `/pms/pmsFolio/${id}`, undefined],
      ['post', '/pms/pmsFolio/charge', { orderId: id, itemName: 'x', amountCents: 100 }],
      ['post', '/pms/pmsFolio/deposit', { orderId: id, amountCents: 100, method: 'cash' }],
      ['post', '/pms/pmsFolio/payment', { orderId: id, amountCents: 100, method: 'cash' }],
      ['post', '/pms/pmsFolio/refund', { orderId: id, amountCents: 100, method: 'cash', reason: 'x' }],
      ['get', `/pms/pmsFolio/checkoutBill/${id}`, undefined],
      ['post', `/pms/pmsFolio/checkoutCharges/${id}`, {}],
      ['post', `/pms/pmsFolio/settle/${id}`, undefined],
      ['get', `/pms/pmsFolio/print/${id}`, undefined],
      ['post', `/orderSystem/ordSysOrder/export/${id}`, undefined],
    ] as const) {
      const res = await bill(p, staff.manager, method, path, body)
      assert.equal(res.status, 404, `${method} ${path}: ${res.msg}`)
    }
    // A room of the other property named on an order of mine is not reachable either.
    const mine = await arrangeOrder(p, staff.hotel, [{ priceCents: 10000, checkedInAt: new Date() }])
    const cross = await bill(p, staff.manager, 'post', '/pms/pmsFolio/charge', {
      orderId: mine.orderId,
      orderRoomId: foreign.rooms[0]!.orderRoomId,
      itemName: 'x',
      amountCents: 100,
    })
    assert.equal(cross.status, 404)
    assert.equal((await storedEntries(p, id)).length, 0)
  })

  test('without billing permissions every route answers 403', async () => {
    const p = product()
    const id = o.orderId
    for (const [method, path, body] of [
      ['get', `/pms/pmsFolio/${id}`, undefined],
      ['post', '/pms/pmsFolio/charge', { orderId: id, itemName: 'x', amountCents: 100 }],
      ['post', '/pms/pmsFolio/deposit', { orderId: id, amountCents: 100, method: 'cash' }],
      ['post', '/pms/pmsFolio/payment', { orderId: id, amountCents: 100, method: 'cash' }],
      ['post', '/pms/pmsFolio/refund', { orderId: id, amountCents: 100, method: 'cash', reason: 'x' }],
      ['get', `/pms/pmsFolio/checkoutBill/${id}`, undefined],
      ['post', `/pms/pmsFolio/checkoutCharges/${id}`, {}],
      ['post', `/pms/pmsFolio/settle/${id}`, undefined],
      ['get', `/pms/pmsFolio/print/${id}`, undefined],
      ['post', `/orderSystem/ordSysOrder/export/${id}`, undefined],
    ] as const) {
      const res = await bill(p, staff.viewer, method, path, body)
      assert.equal(res.status, 403, `${method} ${path}: ${res.msg}`)
    }
  })

  test('bad input is a 400 naming the field', async () => {
    const p = product()
    const id = o.orderId
    const token = staff.clerk
    await expectFieldErrors(p.http, token, [
      [
        'post',
        '/prod-api/pms/pmsFolio/payment',
        { orderId: id, amountCents: 0, method: 'cash', idempotencyKey: 'b1' },
        'amountCents',
      ],
      [
        'post',
        '/prod-api/pms/pmsFolio/payment',
        { orderId: id, amountCents: 1.5, method: 'cash', idempotencyKey: 'b2' },
        'amountCents',
      ],
      [
        'post',
        '/prod-api/pms/pmsFolio/payment',
        { orderId: id, amountCents: 100, method: 'gold', idempotencyKey: 'b3' },
        'method',
      ],
      [
        'post',
        '/prod-api/pms/pmsFolio/deposit',
        { amountCents: 100, method: 'cash', idempotencyKey: 'b4' },
        'orderId',
      ],
      [
        'post',
        '/prod-api/pms/pmsFolio/refund',
        { orderId: id, amountCents: 100, method: 'cash', idempotencyKey: 'b5' },
        'reason',
      ],
      [
        'post',
        '/prod-api/pms/pmsFolio/charge',
        { orderId: id, amountCents: 100, idempotencyKey: 'b6' },
        'itemName',
      ],
      [
        'post',
        '/prod-api/pms/pmsFolio/charge',
        { orderId: id, itemName: 'x', idempotencyKey: 'b7' },
        'amountCents',
      ],
      [
        'post',
        '/prod-api/pms/pmsFolio/charge',
        { orderId: id, costId: 1, idempotencyKey: 'b8' },
        'orderRoomId',
      ],
      [
        'post',
        '/prod-api/pms/pmsFolio/charge',
        { orderId: id, itemName: 'x', amountCents: 1, quantity: 2, idempotencyKey: 'b9' },
        'quantity',
      ],
      [
        'post',
        '/prod-api/pms/pmsFolio/charge',
        { orderId: id, itemName: 'x', amountCents: 1, idempotencyKey: 'x'.repeat(101) },
        'idempotencyKey',
      ],
      ['get', '/prod-api/pms/pmsFolio/abc', undefined, 'orderId'],
      ['get', '/prod-api/pms/pmsFolio/100000000000000000000', undefined, 'orderId'],
      [
        'post',
        '/prod-api/pms/pmsFolio/deposit',
        { orderId: 1e20, amountCents: 1, method: 'cash', idempotencyKey: 'b10' },
        'orderId',
      ],
      [
        'post',
        '/prod-api/pms/pmsFolio/deposit',
        { orderId: id, amountCents: 1e11, method: 'cash', idempotencyKey: 'b11' },
        'amountCents',
      ],
    ])
  })
})
