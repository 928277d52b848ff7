// The front desk's everyday cycle in round trips to PostgreSQL (`statementCounter.writes`: the socket writes that carry
// a request's statements, server/src/db/README.md): what the front-desk bench measures is kept by a test, so a change
// that sends a statement on its own again fails here rather than in a benchmark nobody reads. On PGlite, which answers
// in-process, nothing is written to a socket.
import assert from 'node:assert/strict'
import { DEFAULT_TIME_ZONE, zonedDateTime, zonedDay } from '@pms/protocol/time/zone'
import { beforeAll, test } from 'vitest'
import { statementCounter } from '../../server/src/db/statements.ts'
import type { TestProduct } from './harness.ts'
import { describeProduct } from './harness.ts'
import { arrangeStaff, call, KING, roomOf, type Staff, typeOf } from './orders-support.ts'

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

  /** Reserve from `startTime` with a guest → check in → check out → clean, in room `roomNo`; each call's writes. */
  async function cycle(roomNo: string, startTime: string) {
    const king = await typeOf(p, staff.hotel, KING)
    const theRoom = await roomOf(p, staff.hotel, roomNo)
    const reserved = await counted('post', '/pms/pmsReserve', {
      startTime,
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

  /** The property's clock on a given local time (this suite's property is in the default zone). */
  const localTime = (at: number) => zonedDateTime(at, DEFAULT_TIME_ZONE)
  const expected = () => (p.kind === 'postgres' ? [2, 3, 3, 2] : [0, 0, 0, 0])

  test('reserve with a guest, check in, check out and clean: 2, 3, 3 and 2 writes to PostgreSQL', async () => {
    // The first cycle prepares the statements and learns the rooms' owners (a reference read of its own).
    await cycle('201', localTime(Date.now() - 60_000))
    // A guest whose stay is already due.
    assert.deepEqual(await cycle('201', localTime(Date.now() - 60_000)), expected())
  })

  test('a guest who arrives before the booked time of the day checks in in as many round trips', async () => {
    // The business date is today's, and the stay is booked from the day's last minute: the desk checks the guest in
    // early, which reads the property's clock. That read goes with the order's: a round trip of its own would show
    // here (and would make the first test's count depend on the hour the suite runs).
    const today = zonedDay(Date.now(), DEFAULT_TIME_ZONE)
    await p.query(
      `INSERT INTO pms_business_date (property_id, business_date) VALUES ($1, $2::date)
        ON CONFLICT (property_id) DO UPDATE SET business_date = excluded.business_date`,
      [staff.hotel, today],
    )
    assert.deepEqual(await cycle('201', `${today} 23:59:00`), expected())
  })
})
