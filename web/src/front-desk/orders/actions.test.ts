import assert from 'node:assert/strict'
import { describe, test } from 'vitest'
import {
  canEditGuests,
  DeskPermission,
  type OrderLike,
  orderButtons,
  roomButtons,
  summaryAsOrder,
} from './actions.ts'

const CLERK = [
  'pms:pmsReserve:edit',
  'pms:pmsReserve:cancel',
  'pms:pmsOrder:checkIn',
  'pms:pmsOrder:checkOut',
  'pms:pmsOrder:edit',
  'pms:pmsOrder:guest',
]
const ADMIN = ['*:*:*']

type Room = OrderLike['rooms'][number]
const room = (orderRoomId: number, state: Room['state'], more: Partial<Room> = {}): Room => ({
  orderRoomId,
  state,
  mainRoomId: null,
  guests: [],
  ...more,
})
const guest = { guestId: 1 } as Room['guests'][number]

describe('order buttons by state and permission', () => {
  test('a booking: check in, edit, add room, apply to cancel, cancel, no-show; no audit for the clerk', () => {
    const order: OrderLike = { state: 'booking', cancelStatus: 'normal', rooms: [room(1, 'booking')] }
    assert.deepEqual(orderButtons(order, CLERK), [
      'checkIn',
      'editReserve',
      'addRoom',
      'cancelApply',
      'cancelBooking',
      'noShow',
    ])
  })

  test('a cancellation request in progress: audit for whoever holds the audit permission, no second request', () => {
    const order: OrderLike = { state: 'booking', cancelStatus: 'applying', rooms: [room(1, 'booking')] }
    assert.ok(!orderButtons(order, CLERK).includes('cancelAudit'))
    assert.ok(!orderButtons(order, CLERK).includes('cancelApply'))
    assert.ok(orderButtons(order, [...CLERK, DeskPermission.reserveAudit]).includes('cancelAudit'))
  })

  test('checked in with one room still booked: check in the rest and check out', () => {
    const order: OrderLike = {
      state: 'checkIn',
      cancelStatus: 'normal',
      rooms: [room(1, 'checkIn'), room(2, 'booking')],
    }
    assert.deepEqual(orderButtons(order, CLERK), ['checkIn', 'checkOut', 'addRoom'])
  })

  test('overdue: only check-out; checked out: only cancel check-out; cancelled and no-show: restore', () => {
    const rooms = [room(1, 'checkIn')]
    assert.deepEqual(orderButtons({ state: 'overdue', cancelStatus: 'normal', rooms }, CLERK), ['checkOut'])
    assert.deepEqual(
      orderButtons({ state: 'checkOut', cancelStatus: 'normal', rooms: [room(1, 'checkOut')] }, CLERK),
      ['cancelCheckOut'],
    )
    for (const state of ['cancel', 'noShow'] as const)
      assert.deepEqual(orderButtons({ state, cancelStatus: 'done', rooms: [room(1, state)] }, CLERK), [
        'restoreBooking',
      ])
  })

  test('without permissions nothing shows', () => {
    const order: OrderLike = { state: 'booking', cancelStatus: 'normal', rooms: [room(1, 'booking')] }
    assert.deepEqual(orderButtons(order, []), [])
  })
})

describe('room buttons by state and permission', () => {
  const order: OrderLike = {
    state: 'checkIn',
    cancelStatus: 'normal',
    rooms: [
      room(1, 'checkIn', { guests: [guest] }),
      room(2, 'booking'),
      room(3, 'booking', { guests: [guest] }),
    ],
  }

  test('a checked-in room: check out, guests, move, extend, main account, join; never removed', () => {
    const buttons = roomButtons(order, order.rooms[0]!, CLERK)
    assert.deepEqual(buttons, [
      'checkOut',
      'addGuest',
      'changeRoom',
      'extendStay',
      'setMainAccount',
      'jointRoom',
    ])
  })

  test('a booked room without guests can be removed; with guests it cannot (delete the guests first)', () => {
    assert.ok(roomButtons(order, order.rooms[1]!, CLERK).includes('removeRoom'))
    assert.ok(!roomButtons(order, order.rooms[2]!, CLERK).includes('removeRoom'))
    assert.ok(roomButtons(order, order.rooms[1]!, CLERK).includes('checkIn'))
  })

  test('change price only with pms:pmsOrder:changePrice', () => {
    assert.ok(!roomButtons(order, order.rooms[0]!, CLERK).includes('changePrice'))
    assert.ok(roomButtons(order, order.rooms[0]!, ADMIN).includes('changePrice'))
  })

  test('a joined room offers cancel joint room instead of join', () => {
    const joined: OrderLike = { ...order, rooms: [order.rooms[0]!, room(2, 'checkIn', { mainRoomId: 1 })] }
    const buttons = roomButtons(joined, joined.rooms[1]!, CLERK)
    assert.ok(buttons.includes('cancelJointRoom'))
    assert.ok(!buttons.includes('jointRoom'))
  })

  test('a checked-out room of a checked-out order has no room buttons and its guests are read-only', () => {
    const gone: OrderLike = { state: 'checkOut', cancelStatus: 'normal', rooms: [room(1, 'checkOut')] }
    assert.deepEqual(roomButtons(gone, gone.rooms[0]!, ADMIN), [])
    assert.equal(canEditGuests(gone, gone.rooms[0]!, ADMIN), false)
    assert.equal(canEditGuests(order, order.rooms[0]!, CLERK), true)
  })
})

describe('list rows', () => {
  test('a partly checked-in reservation offers check-in of the rest and check-out', () => {
    const order = summaryAsOrder({ state: 'checkIn', cancelStatus: 'normal', reserveState: 'checkInPart' })
    assert.deepEqual(orderButtons(order, CLERK), ['checkIn', 'checkOut', 'addRoom'])
  })
  test('a fully checked-in order offers no check-in', () => {
    const order = summaryAsOrder({ state: 'checkIn', cancelStatus: 'normal', reserveState: 'checkInAll' })
    assert.deepEqual(orderButtons(order, CLERK), ['checkOut', 'addRoom'])
  })
})
