// The front desk's everyday cycle in round trips to PostgreSQL (`statementCounter.writes`: the socket writes that carry
// a request's statements, server/src/db/README.md): what the front-desk bench measures is kept by a test, so a change
// that sends a statement on its own again fails here rather than in a benchmark nobody reads. On PGlite, which answers
// in-process, nothing is written to a socket.
import assert from 'node:assert/strict'
import { DEFAULT_TIME_ZONE, zonedDateTime, zonedDay } from '@pms/protocol/time/zone'
import { beforeAll, test } from 'vitest'
import { statementCounter } from '../../server/src/db/statements.ts'
import { bill } from './billing-support.ts'
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

  /** The writes one call sends and its statements, beside its answer (the clerk's, unless `who` is named). */
  async function counted(method: 'post' | 'put' | 'delete', url: string, body: object, who = staff.clerk) {
    const before = statementCounter.writes
    const statementsBefore = statementCounter.count
    const answer = await call(p, who, method, url, body)
    assert.equal(answer.code, 200, `${url}: ${answer.msg}`)
    return {
      answer,
      writes: statementCounter.writes - before,
      statements: statementCounter.count - statementsBefore,
    }
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
    const calls = [reserved, checkedIn, checkedOut, cleaned]
    return { writes: calls.map((c) => c.writes), statements: calls.map((c) => c.statements) }
  }

  /** The property's clock on a given local time (this suite's property is in the default zone). */
  const localTime = (at: number) => zonedDateTime(at, DEFAULT_TIME_ZONE)
  // The statements, on either database: the reservation writes its guests with the order (8 when they were a statement
  // of their own), the check-in reads the property's clock with the order's lock and writes its stay with the room's
  // occupancy (12), the check-out reads the member's late check-out hours with the billed stays and writes its stay
  // with the stay's cards, the room's occupancy and (a trigger) its lock's keys revoked (16), and sends billing's and
  // the members' reads with the order's lock (3 writes when they waited for its stays), the clean locks, writes and
  // tells of its rooms in one statement sent alone (5 statements in 2 writes when it read them first, 4 in 2 when its
  // push record waited for the rooms' numbers). The check-in's push record is built from what it read, so it goes with its
  // writes and the order's view rather than after them (3 writes when it was built from the view).
  const expected = () => ({
    writes: p.kind === 'postgres' ? [2, 2, 2, 1] : [0, 0, 0, 0],
    statements: [7, 10, 12, 1],
  })

  test('reserve with a guest, check in, check out and clean: 2, 2, 2 and 1 writes, 7, 10, 12 and 1 statements', async () => {
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

  test('a check-in that registers its guest in 3 writes; a guest added, edited and removed in 3, 4 and 3', async () => {
    // How many guests the room has and its main guest come from the order's guests read with its lock, its type's
    // occupancy from the room's type locked with it; then the guest inserted (its row answered); the room's occupancy
    // goes behind, and the push record with the view. 8 writes when each was waited on, 5 when the push record was
    // built from the view, 4 when the stay's guests were read after the lock.
    const theRoom = await roomOf(p, staff.hotel, '203')
    const arrival = async () => {
      const reserved = await counted('post', '/pms/pmsReserve', {
        startTime: localTime(Date.now() - 60_000),
        nights: 1,
        contactName: 'Round Trip',
        rooms: [{ roomTypeId: theRoom.roomTypeId, roomId: theRoom.roomId }],
      })
      const orderId = reserved.answer.data.orderId
      const orderRoomId = reserved.answer.data.rooms[0].orderRoomId
      const checkedIn = await counted('post', '/pms/pmsOrder/checkIn', {
        orderId,
        rooms: [{ orderRoomId, guests: [{ name: 'Round Trip', main: true }] }],
      })
      assert.deepEqual(checkedIn.answer.data.guestNames, ['Round Trip'])
      // A second guest added, made the main guest, then removed (the first becomes main again): the history, the main
      // flag moved and the occupancy go behind, with the next statement or the COMMIT (5, 7 and 8 writes before); the
      // guest edited or removed is read with its stay's and order's locks, found through it (5 and 4 writes before), and
      // the stay's guests (how many, its type's occupancy, its main guest) are read with its lock for a guest added (4).
      const added = await counted('post', '/pms/pmsOrderGuest', { orderRoomId, name: 'Second Guest' })
      const guestId = added.answer.data.guestId
      const edited = await counted('put', '/pms/pmsOrderGuest', { guestId, main: true })
      const removed = await counted('delete', `/pms/pmsOrderGuest/${guestId}`, {})
      await counted('post', '/pms/pmsOrder/checkOut', { orderId })
      await counted('put', '/pms/pmsRoom/state', { roomIds: [theRoom.roomId], state: 'dirty', value: false })
      return [checkedIn.writes, added.writes, edited.writes, removed.writes]
    }
    await arrival()
    assert.deepEqual(await arrival(), p.kind === 'postgres' ? [3, 3, 4, 3] : [0, 0, 0, 0])
  })

  test('a walk-in in 2 writes, its stay extended in 2 and moved to another room in 2', async () => {
    // Each locks the stay's order and the stay in one write (the order found through the stay by its lock), with what
    // it reads — the property's timing, and the order's stays (an extension) or the room asked for (a move) — and
    // answers that order; the history, the order's state and span, occupancy and cards go behind, with the view, the
    // type's nights count and the COMMIT; a room taken over the range is refused by the stays' constraint at the
    // update. 12 writes each when the room was read and locked ahead of it, each write waited on and the order looked
    // up again to answer it; 4 and 3 when the timing and the stays or room were read after the locks.
    const from = await roomOf(p, staff.hotel, '205')
    const to = await roomOf(p, staff.hotel, '206')
    const moves = async () => {
      // A walk-in is a reservation checked in at once: its guests and its room's occupancy go behind too (4 writes
      // when each was waited on).
      const { answer: walked, writes: walkedIn } = await counted('post', '/pms/pmsOrder/walkIn', {
        nights: 1,
        rooms: [{ roomTypeId: from.roomTypeId, roomId: from.roomId, guests: [{ name: 'Round Trip' }] }],
      })
      const orderRoomId = walked.data.rooms[0].orderRoomId
      const extended = await counted('post', '/pms/pmsOrder/extendStay', { orderRoomId, nights: 1 })
      const moved = await counted('post', '/pms/pmsOrder/changeRoom', { orderRoomId, roomId: to.roomId })
      assert.equal(moved.answer.data.rooms[0].roomNo, '206')
      await counted('post', '/pms/pmsOrder/checkOut', { orderId: walked.data.orderId })
      await counted('put', '/pms/pmsRoom/state', {
        roomIds: [from.roomId, to.roomId],
        state: 'dirty',
        value: false,
      })
      return [walkedIn, extended.writes, moved.writes]
    }
    await moves()
    assert.deepEqual(await moves(), p.kind === 'postgres' ? [2, 2, 2] : [0, 0, 0])
  })

  test('a price changed, a main account set, rooms joined and unjoined, a room removed: 2 to 4 writes each', async () => {
    // Reads none of which waits for another go together; every write goes behind, with the order's view and COMMIT,
    // and each action answers the order it locked. Before: 5, 5, 9, 5 and 10 writes (each write waited on, the stay's
    // order looked up again to answer it, a removed room's stay locked twice); then 2, 2, 6, 2 and 3 until the join's
    // account was found and locked in one statement, a joining room's own subrooms read with its locks, and a removed
    // room's label, guests and order's stays read with its locks.
    const [a, b, c] = await Promise.all(['207', '208', '209'].map((no) => roomOf(p, staff.hotel, no)))
    const actions = async (day: number) => {
      // Two days apart: a night booked from this minute ends at the next day's check-out time, which is later than
      // this minute in the morning, so rounds a day apart would share 208's night there.
      const startTime = localTime(Date.now() + (3 + 2 * day) * 86_400_000)
      const group = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
        startTime,
        nights: 1,
        contactName: 'Round Trip',
        rooms: [
          { roomTypeId: a!.roomTypeId, roomId: a!.roomId },
          { roomTypeId: b!.roomTypeId, roomId: b!.roomId },
        ],
      })
      assert.equal(group.code, 200, group.msg)
      const other = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
        startTime,
        nights: 1,
        contactName: 'Round Trip',
        rooms: [{ roomTypeId: c!.roomTypeId, roomId: c!.roomId }],
      })
      assert.equal(other.code, 200, other.msg)
      const [first, second] = group.data.rooms.map((r: { orderRoomId: number }) => r.orderRoomId)
      const otherRoom = other.data.rooms[0].orderRoomId
      // A price other than the list is the manager's to give.
      const priced = await counted(
        'post',
        '/pms/pmsOrder/changePrice',
        { orderRoomId: first, priceCents: 30_000 },
        staff.manager,
      )
      assert.equal(priced.answer.data.rooms[0].priceCents, 30_000)
      const main = await counted('post', '/pms/pmsOrder/setMainAccount', {
        orderId: group.data.orderId,
        orderRoomId: second,
      })
      // The history line written behind names the stay made the main account, as it did when awaited.
      const [line] = await p.query<{ order_room_id: string }>(
        `SELECT order_room_id FROM pms_order_event WHERE order_id = $1 AND action = 'setMainAccount'
          ORDER BY event_id DESC LIMIT 1`,
        [group.data.orderId],
      )
      assert.equal(Number(line!.order_room_id), second)
      const joint = await counted('post', '/pms/pmsOrder/jointRoom', {
        mainRoomId: first,
        orderRoomIds: [otherRoom],
      })
      assert.equal(joint.answer.data.orderId, group.data.orderId)
      const unjoined = await counted('post', '/pms/pmsOrder/cancelJointRoom', { orderRoomIds: [otherRoom] })
      assert.equal(unjoined.answer.data.orderId, other.data.orderId)
      const removed = await counted('post', '/pms/pmsOrder/removeRoom', { orderRoomId: first })
      assert.deepEqual(
        removed.answer.data.rooms.map((r: { orderRoomId: number }) => r.orderRoomId),
        [second],
      )
      return [priced.writes, main.writes, joint.writes, unjoined.writes, removed.writes]
    }
    await actions(0)
    assert.deepEqual(await actions(1), p.kind === 'postgres' ? [2, 2, 4, 2, 2] : [0, 0, 0, 0, 0])
  })

  test("a member's check-out (6 writes), a deposit, a charge, payments in cash, by balance and points", async () => {
    // The order's member, on a grade that grants late check-out: the check-out reads the grade's hours with the member,
    // then earns the stay's points (the member locked with its earn record, the business date, what the order's folio
    // charged and the property's rules read together; the balance and its record written together), settles the grade
    // (the member, the clock and the grades read together, then each grade window's stays and revenue, every window in
    // one write) and expires due points on the member settings the earning read. It took 20 writes when each of those
    // reads went on its own, 11 when the member and billing's reads waited for the order's stays instead of going with
    // its lock, 10 when the folio's order, its charges, a window's orders and their revenue and the settings for
    // expiry were each read on their own.
    const grade = await call(p, staff.manager, 'post', '/pms/pmsMemberGrade', {
      gradeName: 'Round Trip Gold',
      gradeRank: 2,
      upgradeWay: 'frequency',
      threshold: 1000,
      discount: 100,
      delayHours: 2,
      effectiveMonths: 12,
      state: '0',
    })
    assert.equal(grade.code, 200, grade.msg)
    const joined = await call(p, staff.manager, 'post', '/pms/pmsMember', {
      name: 'Round Trip',
      phone: '13600001111',
    })
    assert.equal(joined.code, 200, joined.msg)
    const memberId = joined.data.memberId as number
    await p.query('UPDATE pms_member SET grade_id = $1 WHERE member_id = $2', [grade.data.gradeId, memberId])
    const king = await typeOf(p, staff.hotel, KING)
    const theRoom = await roomOf(p, staff.hotel, '202')
    /** A member's stay in 202: reserve, bind the member, check in; the check-out's writes and the points it earned. */
    const memberStay = async () => {
      const reserved = await counted('post', '/pms/pmsReserve', {
        startTime: localTime(Date.now() - 60_000),
        nights: 1,
        contactName: 'Round Trip',
        rooms: [
          {
            roomTypeId: king.roomTypeId,
            roomId: theRoom.roomId,
            guests: [{ name: 'Round Trip', main: true }],
          },
        ],
      })
      const orderId = reserved.answer.data.orderId
      const bound = await call(p, staff.manager, 'post', '/pms/pmsMember/bindOrder', { orderId, memberId })
      assert.equal(bound.code, 200, bound.msg)
      await counted('post', '/pms/pmsOrder/checkIn', { orderId })
      const out = await counted('post', '/pms/pmsOrder/checkOut', { orderId })
      await counted('put', '/pms/pmsRoom/state', { roomIds: [theRoom.roomId], state: 'dirty', value: false })
      const [earned] = await p.query<{ points: string }>(
        "SELECT coalesce(sum(points_delta), 0) AS points FROM pms_member_record WHERE order_id = $1 AND kind = 'earn'",
        [orderId],
      )
      return { writes: out.writes, points: Number(earned!.points) }
    }
    // The first stay prepares the member's statements.
    await memberStay()
    const second = await memberStay()
    assert.ok(second.points > 0, 'the stay earned points')
    assert.equal(second.writes, p.kind === 'postgres' ? 6 : 0)

    // Then a folio takes a deposit and a charge, and is paid in cash, and by the member from the balance and with
    // points. Every entry holds the folio it posts to in one statement (the order, the joint-room chain, the folio's
    // order locked) and reads its checks (the shift, the folio's lines, the receipt type) together, in the same write
    // when the entry names no room; a member's payment locks the member with the business date in the write that
    // holds the folio (11, 7, 12, 20 and 22 writes when each of those reads went on its own). The receipt's number is
    // taken on the business date read under its lock in one statement, and the deposit the order holds and the keyed
    // answer stored go with the COMMIT (9, 5, 8, 11 and 12 writes before); a member's record is answered with its
    // property's zone read by the same statement.
    /** A recharge's writes: the member's balance, its record and receipt, and its voucher in the books. */
    const recharge = async () => {
      const before = statementCounter.writes
      const recharged = await bill(p, staff.manager, 'post', '/pms/pmsMember/recharge', {
        memberId,
        amountCents: 100_000,
        method: 'cash',
      })
      assert.equal(recharged.code, 200, recharged.msg)
      return statementCounter.writes - before
    }
    // Its voucher's period made and locked goes with the twin's read and then with the number the period leaves free,
    // the voucher with the subjects its lines name, the receipt's figures with the poster and the two subjects (26
    // writes when each went on its own, 17 before the receipt's number, the keyed answer and the record's zone took one
    // write less each).
    await recharge()
    assert.equal(await recharge(), p.kind === 'postgres' ? 14 : 0)
    const pays = async () => {
      const r203 = await roomOf(p, staff.hotel, '203')
      const walked = await call(p, staff.clerk, 'post', '/pms/pmsOrder/walkIn', {
        nights: 1,
        rooms: [{ roomTypeId: r203.roomTypeId, roomId: r203.roomId, guests: [{ name: 'Round Trip' }] }],
      })
      assert.equal(walked.code, 200, walked.msg)
      const orderId = walked.data.orderId
      const paid = async (path: string, body: object) => {
        const before = statementCounter.writes
        const answer = await bill(p, staff.manager, 'post', path, { orderId, ...body })
        assert.equal(answer.code, 200, answer.msg)
        return statementCounter.writes - before
      }
      // A deposit and a minibar charge while the guests stay; the room's charges are posted at the check-out, and the
      // guests pay after it.
      const staying = [
        await paid('/pms/pmsFolio/deposit', { amountCents: 1000, method: 'cash' }),
        await paid('/pms/pmsFolio/charge', { itemName: 'Minibar', amountCents: 3550 }),
      ]
      const out = await bill(p, staff.manager, 'post', '/pms/pmsOrder/checkOut', { orderId })
      assert.equal(out.code, 200, out.msg)
      const leaving = [
        await paid('/pms/pmsFolio/payment', { amountCents: 100, method: 'cash' }),
        await paid('/pms/pmsMember/pay', { memberId, amountCents: 1000 }),
        await paid('/pms/pmsMember/payPoints', { memberId, amountCents: 1 }),
      ]
      await call(p, staff.clerk, 'put', '/pms/pmsRoom/state', {
        roomIds: [r203.roomId],
        state: 'dirty',
        value: false,
      })
      return [...staying, ...leaving]
    }
    await pays()
    assert.deepEqual(await pays(), p.kind === 'postgres' ? [5, 4, 5, 8, 9] : [0, 0, 0, 0, 0])
  })
})
