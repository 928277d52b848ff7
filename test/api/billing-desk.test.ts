// The desk's folio rules of issue 16: money in messages is money text in every language; refund reasons come from the
// pms_refund_type dictionary; the property's charge items (plain CRUD for its admin) are charged from the folio with
// their price and finance subject.
import assert from 'node:assert/strict'
import ExcelJS from 'exceljs'
import { beforeAll, test } from 'vitest'
import {
  type ArrangedOrder,
  arrangeBillingStaff,
  arrangeOrder,
  type BillingStaff,
  bill,
} from './billing-support.ts'
import { bearer, describeProduct } from './harness.ts'
import { call } from './room-stock-support.ts'

const HOUR = 3_600_000

describeProduct('billing at the desk: money messages, refund types, charge items', (product) => {
  let staff: BillingStaff
  let o: ArrangedOrder

  beforeAll(async () => {
    staff = await arrangeBillingStaff(product())
    o = await arrangeOrder(product(), staff.hotel, [
      { priceCents: 10800, checkedInAt: new Date(Date.now() - HOUR) },
    ])
  })

  test('an overpayment names both amounts as money in every language', async () => {
    const p = product()
    const charged = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: o.orderId,
      itemName: 'Room',
      amountCents: 10800,
    })
    assert.equal(charged.code, 200, charged.msg)
    const expected = {
      'zh-CN': '收款 300.00 超过应收余额 108.00，多收部分请按押金收取',
      'zh-HK': '收款 300.00 超過應收餘額 108.00，多收部分請按按金收取',
      'en-US': 'The payment 300.00 is more than the balance due 108.00; take the rest as a deposit',
    }
    for (const [language, msg] of Object.entries(expected)) {
      const res = await p.http
        .post('/prod-api/pms/pmsFolio/payment')
        .set(bearer(staff.clerk))
        .set('Accept-Language', language)
        .set('Idempotency-Key', `over-${language}`)
        .send({ orderId: o.orderId, amountCents: 30000, method: 'cash' })
      assert.equal(res.status, 400)
      assert.equal(res.body.msg, msg)
    }
    // A schema limit on an amount in cents is shown as money too.
    const huge = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/deposit', {
      orderId: o.orderId,
      amountCents: 10_000_000_001,
      method: 'cash',
    })
    assert.equal(huge.status, 400)
    assert.match(huge.msg, /amountCents.*100,000,000\.00/)
  })

  test('a refund reason is a refund type in force of the pms_refund_type dictionary', async () => {
    const p = product()
    const types = await call(p, staff.clerk, 'get', '/system/dict/data/type/pms_refund_type')
    assert.deepEqual(
      types.data.map((d: any) => String(d.dictValue)),
      ['depositReturn', 'overpayment', 'serviceIssue', 'earlyDeparture', 'other'],
    )
    const paid = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/deposit', {
      orderId: o.orderId,
      amountCents: 5000,
      method: 'cash',
    })
    assert.equal(paid.code, 200, paid.msg)
    const refund = (reason: string) =>
      bill(p, staff.clerk, 'post', '/pms/pmsFolio/refund', {
        orderId: o.orderId,
        amountCents: 1000,
        method: 'cash',
        reason,
      })
    const freeText = await refund('Guest asked')
    assert.equal(freeText.status, 400)
    assert.equal(freeText.msg, 'reason: Guest asked is not a refund type')
    await p.query(
      "UPDATE sys_dict_data SET status = '1' WHERE dict_type = 'pms_refund_type' AND dict_value = 'serviceIssue'",
    )
    try {
      assert.equal((await refund('serviceIssue')).status, 400, 'a disabled refund type is refused')
    } finally {
      await p.query(
        "UPDATE sys_dict_data SET status = '0' WHERE dict_type = 'pms_refund_type' AND dict_value = 'serviceIssue'",
      )
    }
    const ok = await refund('earlyDeparture')
    assert.equal(ok.code, 200, ok.msg)
    assert.equal(ok.data.reason, 'earlyDeparture')
    const stored = await p.query<{ n: string }>(
      "SELECT count(*) AS n FROM pms_folio_entry WHERE order_id = $1 AND kind = 'refund'",
      [o.orderId],
    )
    assert.equal(Number(stored[0]!.n), 1, 'refused refunds post nothing')
    // The order shows the deposit its folio holds: taken at the desk, less what was given back as its return.
    const depositOf = async () =>
      (await call(p, staff.clerk, 'get', `/pms/pmsOrder/${o.orderId}`)).data.depositCents
    const before = await depositOf()
    assert.ok(before >= 5000, `the deposit taken shows on the order: ${before}`)
    assert.equal((await refund('depositReturn')).code, 200)
    assert.equal(await depositOf(), before - 1000)
  })

  test('the property admin manages charge items; the clerk only reads those in force in the folio', async () => {
    const p = product()
    const m = staff.manager
    const seeded = await call(p, m, 'get', '/pms/pmsChargeItem/list', { pageSize: 50 })
    assert.equal(seeded.code, 200, seeded.msg)
    assert.ok(seeded.rows!.length >= 5, 'the demo seeds a set of charge items')
    assert.ok(seeded.rows!.every((r: any) => r.propertyId === staff.hotel))
    assert.ok(
      seeded.rows!.some((r: any) => r.subjectCode === '5301'),
      'damages go to non-operating income',
    )

    const added = await call(p, m, 'post', '/pms/pmsChargeItem', {
      itemName: ' Late checkout kit ',
      priceCents: 2500,
      subjectCode: '505101',
    })
    assert.equal(added.code, 200, added.msg)
    assert.equal(added.data.itemName, 'Late checkout kit')
    assert.equal(added.data.status, '0')
    for (const [body, field] of [
      [{ itemName: 'A', priceCents: 100, subjectCode: '50' }, 'subjectCode'],
      [{ itemName: 'B', priceCents: -1, subjectCode: '5051' }, 'priceCents'],
      [{ itemName: '   ', priceCents: 1, subjectCode: '5051' }, 'itemName'],
      [{ priceCents: 1, subjectCode: '5051' }, 'itemName'],
    ] as const) {
      const res = await call(p, m, 'post', '/pms/pmsChargeItem', body)
      assert.equal(res.status, 400, JSON.stringify(body))
      assert.match(res.msg, new RegExp(field))
    }
    const duplicate = await call(p, m, 'post', '/pms/pmsChargeItem', {
      itemName: 'Late checkout kit',
      priceCents: 1,
      subjectCode: '5051',
    })
    assert.equal(duplicate.status, 409)

    // The desk has no charge-item screen, but the charge dialog reads the items in force.
    assert.equal((await call(p, staff.clerk, 'get', '/pms/pmsChargeItem/list')).status, 403)
    assert.equal(
      (
        await call(p, staff.clerk, 'post', '/pms/pmsChargeItem', {
          itemName: 'x',
          priceCents: 1,
          subjectCode: '5051',
        })
      ).status,
      403,
    )
    const disabled = await call(p, m, 'put', '/pms/pmsChargeItem', {
      chargeItemId: added.data.chargeItemId,
      status: '1',
    })
    assert.equal(disabled.code, 200, disabled.msg)
    const offered = await call(p, staff.clerk, 'get', '/pms/pmsFolio/chargeItems')
    assert.equal(offered.code, 200, offered.msg)
    const names = offered.data.map((i: any) => i.itemName)
    assert.ok(names.length === seeded.rows!.length, 'the disabled item is not offered')
    assert.ok(!names.includes('Late checkout kit'))
    assert.equal((await call(p, staff.viewer, 'get', '/pms/pmsFolio/chargeItems')).status, 403)

    // Another property's items are not reachable.
    const [foreign] = await p.query<{ charge_item_id: string }>(
      'SELECT charge_item_id FROM pms_charge_item WHERE property_id = $1 LIMIT 1',
      [staff.apartment],
    )
    assert.equal((await call(p, m, 'get', `/pms/pmsChargeItem/${foreign!.charge_item_id}`)).status, 404)
  })

  test('a charge from a charge item takes its name, price × quantity and finance subject; an amount may replace it', async () => {
    const p = product()
    const c = staff.clerk
    const order = await arrangeOrder(p, staff.hotel, [{ priceCents: 20000, checkedInAt: new Date() }])
    const items = (await call(p, c, 'get', '/pms/pmsFolio/chargeItems')).data as any[]
    const drink = items.find((i) => i.subjectCode === '5051')!
    const damage = items.find((i) => i.subjectCode === '5301')!
    const two = await bill(p, c, 'post', '/pms/pmsFolio/charge', {
      orderId: order.orderId,
      orderRoomId: order.rooms[0]!.orderRoomId,
      chargeItemId: drink.chargeItemId,
      quantity: 2,
    })
    assert.equal(two.code, 200, two.msg)
    // The item's own name and the quantity beside it (reports count the item, whatever the quantity).
    assert.deepEqual([two.data.itemName, two.data.quantity], [drink.itemName, 2])
    assert.equal(two.data.amountCents, drink.priceCents * 2)
    assert.equal(two.data.chargeItemId, drink.chargeItemId)
    assert.equal(two.data.subjectCode, '5051')
    assert.equal(two.data.kind, 'extraCharge')
    const one = await bill(p, c, 'post', '/pms/pmsFolio/charge', {
      orderId: order.orderId,
      chargeItemId: drink.chargeItemId,
    })
    assert.equal(one.data.quantity, 1)
    // The day's revenue by item: one line for the item, whatever quantities it was posted in.
    const open = (await call(p, c, 'get', '/pms/pmsNightAudit/businessDate')).data.businessDate
    const day = await call(p, staff.manager, 'get', '/pms/pmsReport/daily', { businessDate: open })
    assert.equal(day.code, 200, day.msg)
    assert.deepEqual(
      Object.keys(day.data.today.revenueByItem).filter((k) => k.startsWith(drink.itemName)),
      [drink.itemName],
    )
    assert.ok(day.data.today.revenueByItem[drink.itemName] >= drink.priceCents * 3)

    const broken = await bill(p, c, 'post', '/pms/pmsFolio/charge', {
      orderId: order.orderId,
      chargeItemId: damage.chargeItemId,
      amountCents: 12345,
      remark: 'Broken lamp',
    })
    assert.equal(broken.code, 200, broken.msg)
    assert.equal(broken.data.amountCents, 12345)
    assert.equal(broken.data.itemName, damage.itemName)
    assert.equal(broken.data.subjectCode, '5301')

    const folio = await bill(p, c, 'get', `/pms/pmsFolio/${order.orderId}`)
    assert.equal(folio.data.totals.chargesCents, drink.priceCents * 3 + 12345)

    const [foreign] = await p.query<{ charge_item_id: string }>(
      'SELECT charge_item_id FROM pms_charge_item WHERE property_id = $1 LIMIT 1',
      [staff.apartment],
    )
    const stranger = await bill(p, c, 'post', '/pms/pmsFolio/charge', {
      orderId: order.orderId,
      chargeItemId: Number(foreign!.charge_item_id),
    })
    assert.equal(stranger.status, 404)
    const both = await bill(p, c, 'post', '/pms/pmsFolio/charge', {
      orderId: order.orderId,
      chargeItemId: drink.chargeItemId,
      costId: 1,
    })
    assert.equal(both.status, 400)
    assert.match(both.msg, /chargeItemId/)
    await p.query("UPDATE pms_charge_item SET status = '1' WHERE charge_item_id = $1", [drink.chargeItemId])
    const off = await bill(p, c, 'post', '/pms/pmsFolio/charge', {
      orderId: order.orderId,
      chargeItemId: drink.chargeItemId,
    })
    await p.query("UPDATE pms_charge_item SET status = '0' WHERE charge_item_id = $1", [drink.chargeItemId])
    assert.equal(off.status, 400)
    assert.equal((await bill(p, c, 'get', `/pms/pmsFolio/${order.orderId}`)).data.entries.length, 3)
  })

  test('print, receipt and spreadsheet show phone and ID numbers masked', async () => {
    const p = product()
    const c = staff.clerk
    const order = await arrangeOrder(p, staff.hotel, [{ priceCents: 20000, checkedInAt: new Date() }])
    await p.query(
      "UPDATE pms_order_guest SET id_type = 'idCard', id_no = '110101199003071234' WHERE order_id = $1",
      [order.orderId],
    )
    const print = await bill(p, c, 'get', `/pms/pmsFolio/print/${order.orderId}`)
    assert.equal(print.code, 200, print.msg)
    assert.equal(print.data.order.contactPhone, '138****8000')
    assert.deepEqual(
      print.data.rooms[0].guests.map((g: any) => [g.idNo, g.phone]),
      [['110****1234', '138****8000']],
    )
    const deposit = await bill(p, c, 'post', '/pms/pmsFolio/deposit', {
      orderId: order.orderId,
      amountCents: 1000,
      method: 'cash',
    })
    const receipt = await bill(p, c, 'get', `/pms/pmsFolio/receipt/${deposit.data.entryId}`)
    assert.equal(receipt.data.guest.phone, '138****8000')
    const file = await p.http
      .post(`/prod-api/orderSystem/ordSysOrder/export/${order.orderId}`)
      .set(bearer(c))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = []
        res.on('data', (d: Buffer) => chunks.push(d))
        res.on('end', () => done(null, Buffer.concat(chunks)))
      })
    assert.equal(file.status, 200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(file.body as Parameters<typeof book.xlsx.load>[0])
    const cells: string[] = []
    book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value)))))
    const text = cells.join('\n')
    assert.ok(!text.includes('13800138000'), 'no full phone in the spreadsheet')
    assert.ok(!text.includes('110101199003071234'), 'no full ID number in the spreadsheet')
    assert.ok(text.includes('138****8000'))
  })

  test('a refund reason an administrator added shows its dictionary label; a seeded one its translation', async () => {
    const p = product()
    const admin = await p.login('admin')
    const added = await call(p, admin, 'post', '/system/dict/data', {
      dictType: 'pms_refund_type',
      dictValue: 'goodwill',
      dictLabel: '商誉补偿',
      dictSort: 9,
    })
    assert.equal(added.code, 200, added.msg)
    const x = await arrangeOrder(p, staff.hotel, [
      { priceCents: 10800, checkedInAt: new Date(Date.now() - HOUR) },
    ])
    const c = staff.clerk
    const paid = await bill(p, c, 'post', '/pms/pmsFolio/deposit', {
      orderId: x.orderId,
      amountCents: 5000,
      method: 'cash',
    })
    assert.equal(paid.code, 200, paid.msg)
    const refund = (reason: string) =>
      bill(p, c, 'post', '/pms/pmsFolio/refund', {
        orderId: x.orderId,
        amountCents: 1000,
        method: 'cash',
        reason,
      })
    const goodwill = await refund('goodwill')
    assert.equal(goodwill.code, 200, goodwill.msg)
    assert.equal(goodwill.data.reasonLabel, '商誉补偿')
    assert.equal((await refund('earlyDeparture')).code, 200)
    const folio = await bill(p, c, 'get', `/pms/pmsFolio/${x.orderId}`)
    assert.deepEqual(
      folio.data.entries.map((e: any) => [e.kind, e.reason, e.reasonLabel]),
      [
        ['deposit', '', ''],
        ['refund', 'goodwill', '商誉补偿'],
        ['refund', 'earlyDeparture', '提前退房'],
      ],
    )
    // The order's spreadsheet, in English: the added reason as the dictionary labels it, the seeded one translated.
    const file = await p.http
      .post(`/prod-api/orderSystem/ordSysOrder/export/${x.orderId}`)
      .set(bearer(c))
      .set('Accept-Language', 'en-US')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = []
        res.on('data', (d: Buffer) => chunks.push(d))
        res.on('end', () => done(null, Buffer.concat(chunks)))
      })
    assert.equal(file.status, 200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(file.body as Parameters<typeof book.xlsx.load>[0])
    const reasons: string[] = []
    book.worksheets[0]!.eachRow((row) => {
      if (row.getCell(2).value === 'Refund') reasons.push(String(row.getCell(6).value))
    })
    assert.deepEqual(reasons, ['商誉补偿', 'Early departure'])
  })
})
