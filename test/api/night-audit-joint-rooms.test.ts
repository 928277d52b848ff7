// The night audit's room charge of a joined room posts to the account it is joined to, as its check-out and extra
// charges do (billing/joint-rooms.ts rule 1): a room of a group joined to another order's account bills there, the
// group's other rooms to the group — each room by its own joint-room chain, not by its order's main account.
import assert from 'node:assert/strict'
import { beforeAll, it } from 'vitest'
import { describeProduct } from './harness.ts'
import { arrangeStaff, call, day, roomOf, type Staff, walkIn } from './orders-support.ts'

describeProduct('night audit: room charges of joined rooms', (product) => {
  let staff: Staff
  beforeAll(async () => {
    staff = await arrangeStaff(product())
  })

  it('charges a joined room to the account it is joined to and the group’s other room to the group', async () => {
    const p = product()
    const [r101, r102, r103] = await Promise.all(
      ['101', '102', '103'].map((no) => roomOf(p, staff.hotel, no)),
    )
    const guest = { name: 'Li Lei', idType: 'passport', idNo: 'E1234567' }
    const group = await call(p, staff.clerk, 'post', '/pms/pmsOrder/walkIn', {
      nights: 2,
      rooms: [r101!, r102!].map((r) => ({ roomTypeId: r.roomTypeId, roomId: r.roomId, guests: [guest] })),
    })
    assert.equal(group.code, 200, group.msg)
    const account = await walkIn(p, staff.clerk, r103!.roomTypeId, r103!.roomId, { nights: 2 })
    const [own, joined] = group.data.rooms
    const join = await call(p, staff.clerk, 'post', '/pms/pmsOrder/jointRoom', {
      mainRoomId: account.rooms[0].orderRoomId,
      orderRoomIds: [joined.orderRoomId],
    })
    assert.equal(join.code, 200, join.msg)

    const run = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/run', { businessDate: day(0) })
    assert.equal(run.code, 200, run.msg)
    const charges = await p.query<{ order_room_id: string; order_id: string }>(
      'SELECT order_room_id, order_id FROM pms_folio_entry WHERE night_charge AND order_room_id = ANY($1::bigint[])',
      [[own.orderRoomId, joined.orderRoomId]],
    )
    const folioOf = new Map(charges.map((c) => [Number(c.order_room_id), Number(c.order_id)]))
    assert.equal(folioOf.get(own.orderRoomId), group.data.orderId, 'the group’s own room bills to the group')
    assert.equal(folioOf.get(joined.orderRoomId), account.orderId, 'the joined room bills to its account')
  })
})
