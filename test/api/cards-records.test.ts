// Card records over HTTP: the state machine of updateCardState (every illegal move 409, nothing changed), the list
// and its filters, a card's records, records logged by the console, and tenancy between the demo properties.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { CardFlag, CardType } from '@pms/protocol'
import { addDays, DEFAULT_TIME_ZONE, zonedDay } from '@pms/protocol/time/zone'
import { test } from 'vitest'
import { auth, demoIds, ISSUE_URL, responseLog, storedSecret } from './cards-support.ts'
import { describeProduct } from './harness.ts'
import { KING, roomOf, typeOf, walkIn } from './orders-support.ts'

const RECORDS = '/prod-api/pms/pmsCardRecord'

describeProduct('card records', (product) => {
  const log = responseLog()
  let ids: Awaited<ReturnType<typeof demoIds>>
  let clerk: string
  let manager: string
  const issue = async (token: string, extra: Record<string, unknown> = {}) => {
    const res = await log.send(
      product()
        .http.post(ISSUE_URL)
        .set(auth(token))
        .send({
          protocol: 'M157',
          // A room card the desk issues with no stay behind it (a guest card belongs to a stay).
          cardType: CardType.CHECKOUT,
          uid: '11223344',
          roomId: ids.room101.roomId,
          startTime: '2030-02-01 14:00:00',
          endTime: '2030-02-02 12:00:00',
          ...extra,
        }),
    )
    assert.equal(res.body.code, 200, res.text)
    return res.body.data.recordId as number
  }
  const move = (
    token: string,
    recordId: number,
    cardid: string,
    change: Record<string, string>,
    asQuery = false,
  ) => {
    const request = product().http.put(`${RECORDS}/updateCardState/${recordId}/${cardid}`).set(auth(token))
    return log.send(asQuery ? request.query(change) : request.send(change))
  }
  const stored = async (recordId: number) =>
    (
      await product().query<{ state: string; fail_reason: string }>(
        'SELECT state, fail_reason FROM pms_card_record WHERE record_id = $1',
        [recordId],
      )
    )[0]!

  test('updateCardState follows waiting → issued | failed, failed → waiting, issued → expired', async () => {
    ids = await demoIds(product())
    clerk = await product().login('clerk')
    manager = await product().login('manager')
    const id = await issue(clerk)
    const refuse = async (to: string, from: string) => {
      const res = await move(clerk, id, '11223344', { state: to, reason: 'x' })
      assert.equal(res.status, 409, `${from} → ${to}: ${res.text}`)
      assert.ok(
        res.body.msg.includes(from === 'waiting' ? 'Waiting' : from[0]!.toUpperCase() + from.slice(1)),
      )
      assert.equal((await stored(id)).state, from, 'nothing changed')
    }
    await refuse('expired', 'waiting')
    await refuse('waiting', 'waiting')

    const noReason = await move(clerk, id, '11223344', { state: 'failed' })
    assert.equal(noReason.status, 400)
    assert.ok(noReason.body.msg.includes('reason'))
    const failed = await move(clerk, id, '11223344', { state: 'failed', reason: 'write verify failed' })
    assert.equal(failed.body.code, 200, failed.text)
    assert.deepEqual(
      [failed.body.data.state, failed.body.data.cardState, failed.body.data.failReason],
      ['failed', 0, 'write verify failed'],
    )
    await refuse('issued', 'failed')
    await refuse('expired', 'failed')
    await refuse('failed', 'failed')

    const retry = await move(clerk, id, '11223344', { state: 'waiting' }, true)
    assert.equal(retry.body.code, 200, retry.text)
    assert.deepEqual(await stored(id), { state: 'waiting', fail_reason: '' })
    const issued = await move(clerk, id, '11223344', { state: 'issued' })
    assert.deepEqual([issued.body.data.state, issued.body.data.cardState], ['issued', 1])
    await refuse('issued', 'issued')
    await refuse('waiting', 'issued')
    await refuse('failed', 'issued')
    const expired = await move(clerk, id, '11223344', { state: 'expired' })
    assert.deepEqual([expired.body.data.state, expired.body.data.cardState], ['expired', 2])
    for (const to of ['waiting', 'issued', 'failed', 'expired']) await refuse(to, 'expired')
  })

  test('the cardid must be the record’s; bad states and unknown records are refused', async () => {
    const id = await issue(clerk)
    const mismatch = await move(clerk, id, 'AABBCCDD', { state: 'issued' })
    assert.equal(mismatch.status, 409)
    assert.ok(mismatch.body.msg.includes('AABBCCDD'))
    assert.equal((await stored(id)).state, 'waiting')
    assert.equal((await move(clerk, id, '11223344', { state: 'stolen' })).status, 400)
    // Lost and superseded follow from other cards written: no console sets them by hand.
    for (const to of ['lost', 'superseded']) {
      const res = await move(clerk, id, '11223344', { state: to })
      assert.equal(res.status, 409, res.text)
      assert.equal(
        res.body.msg,
        `A card record cannot go from "Waiting" to "${to === 'lost' ? 'Lost' : 'Superseded'}"`,
      )
    }
    assert.equal((await move(clerk, id, '11223344', {})).status, 400)
    assert.equal((await move(clerk, id, 'NOTHEX!!', { state: 'issued' })).status, 400)
    assert.equal((await move(clerk, 999_999, '11223344', { state: 'issued' })).status, 404)
    assert.equal((await move(clerk, id, '11223344', { state: 'issued' })).body.data.state, 'issued')
  })

  test('the list pages and filters by card type, state, room, card and date', async () => {
    await issue(clerk, { uid: '55667788', roomId: ids.room102.roomId })
    await issue(clerk, {
      uid: '55667788',
      cardType: CardType.LOST,
      roomId: ids.room102.roomId,
      targetCardNo: 7,
      guestName: undefined,
    })
    const list = async (query: Record<string, string | number>) => {
      const res = await log.send(product().http.get(`${RECORDS}/list`).set(auth(clerk)).query(query))
      assert.equal(res.body.code, 200, res.text)
      return res.body as { rows: Array<Record<string, unknown>>; total: number }
    }
    const all = await list({})
    assert.equal(all.total, 4)
    const paged = await list({ pageNum: 2, pageSize: 3 })
    assert.deepEqual([paged.total, paged.rows.length], [4, 1])
    assert.equal((await list({ cardid: '55667788' })).total, 2)
    assert.equal((await list({ roomId: ids.room102.roomId, cardType: CardType.LOST })).total, 1)
    assert.equal((await list({ state: 'expired' })).total, 1)
    assert.equal((await list({ state: 'issued' })).total, 1)
    assert.equal((await list({ state: 'waiting' })).total, 2)
    // Dates are the hotel's days (the demo hotel keeps the default zone, UTC+8), whatever the server's zone is.
    const today = zonedDay(new Date(), DEFAULT_TIME_ZONE)
    assert.equal((await list({ beginTime: today, endTime: today })).total, 4)
    assert.equal((await list({ endTime: addDays(today, -1) })).total, 0)
    const [moved] = await product().query<{ record_id: string }>(
      `UPDATE pms_card_record SET create_time = '2030-01-01T16:30:00Z'
       WHERE record_id = (SELECT min(record_id) FROM pms_card_record WHERE property_id = $1) RETURNING record_id`,
      [ids.hotel],
    )
    // 16:30 UTC on 1 January is 00:30 on 2 January at the hotel.
    assert.equal((await list({ beginTime: '2030-01-02', endTime: '2030-01-02' })).total, 1)
    assert.equal((await list({ beginTime: '2030-01-01', endTime: '2030-01-01' })).total, 0)
    await product().query('UPDATE pms_card_record SET create_time = now() WHERE record_id = $1', [
      moved!.record_id,
    ])
    const bad = await log.send(
      product().http.get(`${RECORDS}/list`).set(auth(clerk)).query({ beginTime: 'soon' }),
    )
    assert.equal(bad.status, 400)
    assert.ok(bad.body.msg.includes('beginTime'))
  })

  test('a card’s records come newest first; the console logs its own operations', async () => {
    const logged = await log.send(
      product().http.post(RECORDS).set(auth(clerk)).send({
        cardid: '55667788',
        cardType: CardType.GUEST,
        protocol: 'T_M157',
        operation: 1,
        remark: 'erased',
      }),
    )
    assert.equal(logged.body.code, 200, logged.text)
    assert.deepEqual(
      [logged.body.data.state, logged.body.data.protocol, logged.body.data.operation],
      ['issued', 'M157', 1],
    )
    // A logged record is never lost or superseded by the console's word: those follow from the cards written.
    for (const state of ['lost', 'superseded']) {
      const claimed = await log.send(
        product()
          .http.post(RECORDS)
          .set(auth(clerk))
          .send({ cardid: '55667788', cardType: CardType.GUEST, protocol: 'M157', state }),
      )
      assert.equal(claimed.status, 400, claimed.text)
      assert.ok(claimed.body.msg.includes('state'), claimed.text)
    }
    const badUid = await log.send(
      product().http.post(RECORDS).set(auth(clerk)).send({ cardid: '5566', cardType: 1, protocol: 'M157' }),
    )
    assert.equal(badUid.status, 400)
    assert.ok(badUid.body.msg.includes('cardid'))
    const foreignRoom = await log.send(
      product()
        .http.post(RECORDS)
        .set(auth(clerk))
        .send({ cardid: '55667788', cardType: 1, protocol: 'M157', roomId: ids.apartmentRoom.roomId }),
    )
    assert.equal(foreignRoom.status, 404)
    const card = await log.send(product().http.get(`${RECORDS}/card/55667788`).set(auth(manager)))
    assert.equal(card.body.code, 200, card.text)
    const recordIds = card.body.data.map((r: { recordId: number }) => r.recordId)
    assert.equal(recordIds.length, 3)
    assert.equal(recordIds[0], logged.body.data.recordId)
    assert.deepEqual(
      recordIds,
      [...recordIds].sort((a: number, b: number) => b - a),
    )
    const clerkQuery = await log.send(product().http.get(`${RECORDS}/card/55667788`).set(auth(clerk)))
    assert.equal(clerkQuery.status, 403, 'the front desk lists records but has no query permission')
  })

  test('the clerk can neither read nor update the apartment’s card records', async () => {
    await log.send(product().http.put(`/prod-api/auth/switchProperty/${ids.apartment}`).set(auth(manager)))
    const apartmentRecord = await issue(manager, { uid: '99AABBCC', roomId: ids.apartmentRoom.roomId })
    const clerkList = await log.send(
      product().http.get(`${RECORDS}/list`).set(auth(clerk)).query({ cardid: '99AABBCC' }),
    )
    assert.equal(clerkList.body.total, 0)
    const update = await move(clerk, apartmentRecord, '99AABBCC', { state: 'issued' })
    assert.equal(update.status, 404)
    assert.equal((await stored(apartmentRecord)).state, 'waiting')
    const managerList = await log.send(
      product().http.get(`${RECORDS}/list`).set(auth(manager)).query({ cardid: '99AABBCC' }),
    )
    assert.equal(managerList.body.total, 1)
    await log.send(product().http.put(`/prod-api/auth/switchProperty/${ids.hotel}`).set(auth(manager)))
    const hotelView = await log.send(product().http.get(`${RECORDS}/card/99AABBCC`).set(auth(manager)))
    assert.deepEqual(hotelView.body.data, [])
  })

  test('the list filters by order: the cards of its stays and the records logged for it, nothing else', async () => {
    const king = await typeOf(product(), ids.hotel, KING)
    const r201 = await roomOf(product(), ids.hotel, '201')
    const order = (await walkIn(product(), clerk, king.roomTypeId, r201.roomId)) as {
      orderId: number
      rooms: { orderRoomId: number }[]
    }
    const stayCard = await issue(clerk, {
      uid: 'A1B2C3D4',
      cardType: CardType.GUEST,
      orderRoomId: order.rooms[0]!.orderRoomId,
      roomId: undefined,
      guestName: undefined,
      startTime: undefined,
      endTime: undefined,
    })
    const checkoutCard = await issue(clerk, {
      uid: 'A1B2C3D5',
      cardType: CardType.CHECKOUT,
      roomId: r201.roomId,
      orderId: order.orderId,
      guestName: undefined,
    })
    await issue(clerk, { uid: 'A1B2C3D6', roomId: r201.roomId })
    const byOrder = async (token: string, orderId: number) =>
      (await log.send(product().http.get(`${RECORDS}/list`).set(auth(token)).query({ orderId }))).body
    const listed = await byOrder(clerk, order.orderId)
    assert.equal(listed.code, 200, JSON.stringify(listed))
    assert.deepEqual(
      listed.rows.map((r: { recordId: number }) => r.recordId).sort(),
      [stayCard, checkoutCard].sort(),
    )
    // Each record names its card's room by number (the order's stays may have moved to other rooms since).
    assert.deepEqual(
      listed.rows.map((r: { roomNo: string }) => r.roomNo),
      ['201', '201'],
    )
    // Only the card issued for the stay carries its stay id; the order filter still finds the logged one by orderId.
    const [stayRow] = await product().query<{ order_room_id: string }>(
      'SELECT order_room_id FROM pms_card_record WHERE record_id = $1',
      [stayCard],
    )
    assert.equal(Number(stayRow!.order_room_id), order.rooms[0]!.orderRoomId)
    assert.equal((await byOrder(clerk, order.orderId + 100000)).total, 0)
    const bad = await log.send(product().http.get(`${RECORDS}/list`).set(auth(clerk)).query({ orderId: 'x' }))
    assert.equal(bad.status, 400)
    assert.ok(bad.body.msg.includes('orderId'), bad.text)
    // The apartment's manager sees none of the hotel order's cards.
    await log.send(product().http.put(`/prod-api/auth/switchProperty/${ids.apartment}`).set(auth(manager)))
    assert.equal((await byOrder(manager, order.orderId)).total, 0)
    await log.send(product().http.put(`/prod-api/auth/switchProperty/${ids.hotel}`).set(auth(manager)))
  })

  test('a card shows lost once a lost card naming it is written, and superseded once a newer guest card of its room is', async () => {
    const king = await typeOf(product(), ids.hotel, KING)
    const r203 = await roomOf(product(), ids.hotel, '203')
    const stay = (await walkIn(product(), clerk, king.roomTypeId, r203.roomId)) as {
      rooms: { orderRoomId: number }[]
    }
    const guestCard = (uid: string) =>
      issue(clerk, {
        uid,
        cardType: CardType.GUEST,
        flags: CardFlag.SUPERSEDE,
        orderRoomId: stay.rooms[0]!.orderRoomId,
        roomId: undefined,
        guestName: undefined,
        startTime: undefined,
        endTime: undefined,
      })
    const confirm = async (token: string, recordId: number, uid: string) => {
      const res = await move(token, recordId, uid, { state: 'issued' })
      assert.equal(res.body.code, 200, res.text)
      return res.body.data as { state: string; cardState: number }
    }
    const listed = async (query: Record<string, string | number> = {}) => {
      const res = await log.send(
        product()
          .http.get(`${RECORDS}/list`)
          .set(auth(clerk))
          .query({ roomId: r203.roomId, pageSize: 50, ...query }),
      )
      assert.equal(res.body.code, 200, res.text)
      return new Map<number, { state: string; cardState: number; targetCardNo: number }>(
        res.body.rows.map((r: { recordId: number }) => [r.recordId, r]),
      )
    }

    const first = await guestCard('C0C0C001')
    assert.equal((await confirm(clerk, first, 'C0C0C001')).state, 'issued')
    // A second card for the stay (the guest lost the first, or wants another): the lock only opens for the newer.
    const second = await guestCard('C0C0C002')
    assert.equal((await confirm(clerk, second, 'C0C0C002')).state, 'issued')
    let rows = await listed()
    assert.deepEqual(
      [rows.get(first)!.state, rows.get(first)!.cardState, rows.get(second)!.state],
      ['superseded', 2, 'issued'],
    )
    assert.deepEqual([...(await listed({ state: 'superseded' })).keys()], [first])

    // The second card reported lost: a lost card naming it (its card number is its record id) is written.
    const lost = await issue(clerk, {
      uid: 'C0C0C0F1',
      cardType: CardType.LOST,
      roomId: r203.roomId,
      targetCardNo: second,
      guestName: undefined,
    })
    rows = await listed()
    assert.equal(rows.get(second)!.state, 'issued', 'nothing changes before the lost card is written')
    assert.equal(rows.get(lost)!.targetCardNo, second)
    await confirm(clerk, lost, 'C0C0C0F1')
    rows = await listed()
    assert.deepEqual([rows.get(second)!.state, rows.get(second)!.cardState], ['lost', 2])
    assert.deepEqual([...(await listed({ state: 'lost' })).keys()], [second])

    // Found again: an un-lost card releases it, and it is the room's newest card, so it opens again.
    const unlost = await issue(manager, {
      uid: 'C0C0C0F2',
      cardType: CardType.UN_LOST,
      roomId: r203.roomId,
      targetCardNo: second,
      guestName: undefined,
      reason: 'found at the bar',
    })
    await confirm(manager, unlost, 'C0C0C0F2')
    rows = await listed()
    assert.deepEqual([rows.get(first)!.state, rows.get(second)!.state], ['superseded', 'issued'])

    // A card confirmed only after a newer one of the room was written is superseded from the start.
    const late = await guestCard('C0C0C003')
    const newest = await guestCard('C0C0C004')
    await confirm(clerk, newest, 'C0C0C004')
    const lateView = await confirm(clerk, late, 'C0C0C003')
    assert.deepEqual([lateView.state, lateView.cardState], ['superseded', 2])
    rows = await listed()
    assert.deepEqual(
      [second, late, newest].map((id) => rows.get(id)!.state),
      ['superseded', 'superseded', 'issued'],
    )
  })

  test('a lost card found again after its stay has left is expired, not issued', async () => {
    const king = await typeOf(product(), ids.hotel, KING)
    const r204 = await roomOf(product(), ids.hotel, '204')
    const stay = (await walkIn(product(), clerk, king.roomTypeId, r204.roomId)) as {
      orderId: number
      rooms: { orderRoomId: number }[]
    }
    const confirm = async (token: string, recordId: number, uid: string) => {
      const res = await move(token, recordId, uid, { state: 'issued' })
      assert.equal(res.body.code, 200, res.text)
      return res.body.data as { state: string }
    }
    const card = await issue(clerk, {
      uid: 'C0C0C101',
      cardType: CardType.GUEST,
      orderRoomId: stay.rooms[0]!.orderRoomId,
      roomId: undefined,
      guestName: undefined,
      startTime: undefined,
      endTime: undefined,
    })
    await confirm(clerk, card, 'C0C0C101')
    const lost = await issue(clerk, {
      uid: 'C0C0C1F1',
      cardType: CardType.LOST,
      roomId: r204.roomId,
      targetCardNo: card,
      guestName: undefined,
    })
    await confirm(clerk, lost, 'C0C0C1F1')
    const out = await log.send(
      product().http.post('/prod-api/pms/pmsOrder/checkOut').set(auth(clerk)).send({ orderId: stay.orderId }),
    )
    assert.equal(out.body.code, 200, out.text)
    const unlost = await issue(manager, {
      uid: 'C0C0C1F2',
      cardType: CardType.UN_LOST,
      roomId: r204.roomId,
      targetCardNo: card,
      guestName: undefined,
      reason: 'found in the lobby',
    })
    await confirm(manager, unlost, 'C0C0C1F2')
    const [row] = await product().query<{ state: string }>(
      'SELECT state FROM pms_card_record WHERE record_id = $1',
      [card],
    )
    assert.equal(row!.state, 'expired')
  })

  test('migration 0061 marks the guest cards already replaced before it as superseded', async () => {
    const r204 = await roomOf(product(), ids.hotel, '204')
    const rows = await product().query<{ record_id: string }>(
      `INSERT INTO pms_card_record (property_id, cardid, card_type, protocol, state, room_id, issue_sequence, flags)
       VALUES ($1, 'D0D0D001', 1, 'M157', 'issued', $2, 901, 1),
              ($1, 'D0D0D002', 1, 'M157', 'issued', $2, 902, 1),
              ($1, 'D0D0D003', 1, 'M157', 'issued', $2, 903, 0),
              ($1, 'D0D0D004', 1, 'M157', 'failed', $2, 904, 1)
       RETURNING record_id`,
      [ids.hotel, r204.roomId],
    )
    const sql = readFileSync(
      new URL('../../server/migrations/0061_card_record_lost_superseded.sql', import.meta.url),
      'utf8',
    )
    await product().query(sql.slice(sql.indexOf('UPDATE pms_card_record')))
    const states = await product().query<{ state: string }>(
      'SELECT state FROM pms_card_record WHERE record_id = ANY($1::bigint[]) ORDER BY record_id',
      [rows.map((r) => r.record_id)],
    )
    // Only a newer card written with SUPERSEDE replaces: the third opens beside the second, the failed one never was.
    assert.deepEqual(
      states.map((r) => r.state),
      ['superseded', 'issued', 'issued', 'failed'],
    )
  })

  test('no response of this suite holds a secret', async () => {
    log.assertNoSecret([
      await storedSecret(product(), ids.hotel),
      await storedSecret(product(), ids.apartment),
    ])
  })
})
