// The front desk's everyday cycle in round trips to PostgreSQL (`statementCounter.writes`: the socket writes that carry
// a request's statements, server/src/db/README.md): what the front-desk bench measures is kept by a test, so a change
// that sends a statement on its own again fails here rather than in a benchmark nobody reads. On PGlite, which answers
// in-process, nothing is written to a socket.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { statementCounter } from '../../server/src/db/statements.ts'
import type { TestProduct } from './harness.ts'
import { describeProduct } from './harness.ts'
import { arrangeStaff, call, day, KING, roomOf, type Staff, typeOf } from './orders-support.ts'

describeProduct('the desk cycle in round trips', (product) => {
  let staff: Staff
  let p: TestProduct

  beforeAll(async () => {
    p = product()
    staff = await arrangeStaff(p)
  })

  /** The writes one call sends, beside its answer. */
  async function counted(method: 'post' | 'put', url: string, body: object) {
    const before = statementCounter.writes
    const answer = await call(p, staff.clerk, method, url, body)
    assert.equal(answer.code, 200, answer.msg)
    return { answer, writes: statementCounter.writes - before }
  }

  /** Reserve for today with a guest → check in → check out → clean, in room `roomNo`; the writes of each call. */
  async function cycle(roomNo: string) {
    const king = await typeOf(p, staff.hotel, KING)
    const theRoom = await roomOf(p, staff.hotel, roomNo)
    const reserved = await counted('post', '/pms/pmsReserve', {
      startTime: day(0),
      nights: 1,
      contactName: 'Round Trip',
      rooms: [
        { roomTypeId: king.roomTypeId, roomId: theRoom.roomId, guests: [{ name: 'Round Trip', main: true }] },
      ],
    })
    const orderId = reserved.answer.data.orderId
    const checkedIn = await counted('post', '/pms/pmsOrder/checkIn', { orderId })
    const checkedOut = await counted('post', '/pms/pmsOrder/checkOut', { orderId })
    assert.equal(checkedOut.answer.data.state, 'checkOut')
    const cleaned = await counted('put', '/pms/pmsRoom/state', {
      roomIds: [theRoom.roomId],
      state: 'dirty',
      value: false,
    })
    return [reserved.writes, checkedIn.writes, checkedOut.writes, cleaned.writes]
  }

  test('reserve with a guest, check in, check out and clean: 2, 3, 3 and 2 writes to PostgreSQL', async () => {
    // The first cycle prepares the statements and learns the rooms' owners (a reference read of its own).
    await cycle('201')
    const writes = await cycle('201')
    assert.deepEqual(writes, p.kind === 'postgres' ? [2, 3, 3, 2] : [0, 0, 0, 0])
  })
})
