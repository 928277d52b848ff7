// The front-desk day end to end over HTTP, with the real bridge in simulate mode: reserve two rooms for a family,
// check in with guests, issue key cards that the simulated locks open, bill an extra, move a room (the old card is
// refused, the new one opens), check out with the bill paid and settled; afterwards the card is refused and the rooms
// are dirty.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { CardFlag, CardType } from '@pms/protocol'
import type { CheckoutBill, FolioView } from '@pms/protocol/api/billing'
import type { CardIssueAuthorization } from '@pms/protocol/api/card-issue'
import type { OrderDetail } from '@pms/protocol/api/orders'
import type { OpenedServer } from '@pms/server'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { buildBridgeApp } from '../../bridge/src/app.ts'
import { listenOnFreePort, makeTempDir, testConfig } from '../../bridge/src/testing.ts'
import { businessDateOfRoom, clearOfMidnight } from '../support/business-date.ts'
import { copyPgliteTemplate } from '../support/database-template.ts'
import { bridgeClient, lockClocksAhead } from './bridge-client.ts'

describe('a front-desk day through the bridge: reserve, check in with key cards, move, bill, check out', () => {
  const dir = makeTempDir('pms-front-desk-e2e-')
  let app: FastifyInstance
  let desk: ReturnType<typeof bridgeClient>
  const rooms = new Map<string, { roomId: number; roomTypeId: number }>()
  let order: OrderDetail

  beforeAll(async () => {
    // The day's stays are made on one calendar day (test/support/business-date.ts).
    await clearOfMidnight()
    copyPgliteTemplate(dir.path)
    app = await buildBridgeApp({
      config: testConfig(dir.path, { simulate: true }),
      webRoot: dir.path,
      devices: { simulator: { cardWatchMs: 100, rescanMs: 100 } },
    })
    const port = await listenOnFreePort(app)
    desk = bridgeClient(`http://127.0.0.1:${port}`)
    await desk.signIn('clerk')
    const server = app.bridge.server as OpenedServer
    const found = await server.sql.query<{ room_no: string; room_id: number; room_type_id: number }>(
      `SELECT r.room_no, r.room_id, r.room_type_id FROM pms_room r JOIN pms_property p USING (property_id)
        WHERE p.property_code = 'DEMO-HOTEL' AND r.room_no IN ('101', '102', '103')`,
    )
    for (const r of found.rows)
      rooms.set(r.room_no, { roomId: Number(r.room_id), roomTypeId: Number(r.room_type_id) })
    assert.equal(rooms.size, 3)
  })

  afterAll(async () => {
    await app?.close()
    dir.remove()
  })

  const room = (no: string) => rooms.get(no)!
  const stayIn = (no: string) => order.rooms.find((r) => r.roomNo === no)!

  async function ok<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await desk.call<T>(method, `/prod-api${path}`, body)
    assert.equal(res.code, 200, `${method} ${path}: ${res.msg}`)
    return res.data
  }
  const keyed = (body: Record<string, unknown>) => ({ ...body, idempotencyKey: randomUUID() })

  /** The console's card flow: blank card on the encoder, read its UID, grant from the server, write, confirm. */
  async function issueCard(request: Record<string, unknown>): Promise<string> {
    const created = await desk.call('POST', '/bridge/sim/cards')
    await desk.call('POST', `/bridge/sim/cards/${created.data.uid}/place`)
    const read = await desk.call('POST', '/bridge/card/read', {})
    assert.equal(read.data.uid, created.data.uid)
    const now = Math.floor(Date.now() / 1000)
    const auth = await ok<CardIssueAuthorization>('POST', '/pms/pmsProperty/getCardIssuerAuthorization', {
      protocol: 'M157',
      uid: read.data.uid,
      // A card for a stay takes the stay's validity (it may not start before the stay); other cards a day's.
      ...(request.orderRoomId ? {} : { startTime: now - 60, endTime: now + 86_400 }),
      ...request,
    })
    const written = await desk.call('POST', '/bridge/card/issue', {
      recordId: auth.recordId,
      grant: auth.grant,
    })
    assert.equal(written.code, 200, written.msg)
    await ok('PUT', `/pms/pmsCardRecord/updateCardState/${auth.recordId}/${read.data.uid}`, {
      state: 'issued',
    })
    return read.data.uid
  }
  const guestCard = (orderRoomId: number) =>
    issueCard({ cardType: CardType.GUEST, orderRoomId, flags: CardFlag.SUPERSEDE })

  /** The card record states of a card, newest first. */
  async function recordStates(uid: string): Promise<string[]> {
    const list = await desk.call('GET', `/prod-api/pms/pmsCardRecord/list?cardid=${uid}`)
    return (list as unknown as { rows: Array<{ state: string }> }).rows.map((r) => r.state)
  }

  async function present(roomNo: string, uid: string) {
    const res = await desk.call('POST', `/bridge/sim/locks/${roomNo}/present`, { uid })
    assert.equal(res.code, 200, res.msg)
    return res.data as { outcome: string; reason?: string; effect?: string; opens?: boolean }
  }

  it('reserves 101 and 102 for one night for a family', async () => {
    order = await ok<OrderDetail>('POST', '/pms/pmsReserve', {
      startTime: await businessDateOfRoom((app.bridge.server as OpenedServer).sql, room('101').roomId),
      nights: 1,
      contactName: 'Zhang Wei',
      contactPhone: '13800138000',
      rooms: [
        { roomTypeId: room('101').roomTypeId, roomId: room('101').roomId },
        { roomTypeId: room('102').roomTypeId, roomId: room('102').roomId },
      ],
    })
    assert.equal(order.state, 'booking')
    assert.deepEqual(order.rooms.map((r) => r.roomNo).sort(), ['101', '102'])
  })

  it('refuses a card for a stay without guest information', async () => {
    const created = await desk.call('POST', '/bridge/sim/cards')
    const now = Math.floor(Date.now() / 1000)
    const refused = await desk.call('POST', '/prod-api/pms/pmsProperty/getCardIssuerAuthorization', {
      protocol: 'M157',
      uid: created.data.uid,
      startTime: now,
      endTime: now + 3600,
      cardType: CardType.GUEST,
      orderRoomId: stayIn('101').orderRoomId,
    })
    assert.notEqual(refused.code, 200)
    assert.match(refused.msg, /guest|客人|住客|入住人/i)
  })

  let card101: string
  let card102: string
  it('checks the family in with guests, and the issued cards open their doors', async () => {
    order = await ok<OrderDetail>('POST', '/pms/pmsOrder/checkIn', {
      orderId: order.orderId,
      rooms: [
        { orderRoomId: stayIn('101').orderRoomId, guests: [{ name: 'Zhang Wei', main: true }] },
        { orderRoomId: stayIn('102').orderRoomId, guests: [{ name: 'Li Na', main: true }] },
      ],
    })
    assert.equal(order.state, 'checkIn')
    await lockClocksAhead(desk, ['101', '102', '103'])
    card101 = await guestCard(stayIn('101').orderRoomId)
    card102 = await guestCard(stayIn('102').orderRoomId)
    assert.equal((await present('101', card101)).opens, true)
    assert.equal((await present('102', card102)).opens, true)
    assert.equal((await present('102', card101)).reason, 'wrong-room')
  })

  it('bills a minibar extra to the folio once, even when the request is replayed', async () => {
    const charge = keyed({ orderId: order.orderId, itemName: 'Minibar', amountCents: 3550 })
    const first = await ok('POST', '/pms/pmsFolio/charge', charge)
    const replay = await ok('POST', '/pms/pmsFolio/charge', charge)
    assert.equal(replay.entryId, first.entryId)
    const folio = await ok<FolioView>('GET', `/pms/pmsFolio/${order.orderId}`)
    assert.equal(folio.entries.filter((e) => e.itemName === 'Minibar').length, 1)
  })

  let card103: string
  it('moves 102 to 103: the old room turns dirty, the old card is refused at 103, the new card opens it', async () => {
    const moved = stayIn('102').orderRoomId
    await ok('POST', '/pms/pmsOrder/changeRoom', { orderRoomId: moved, roomId: room('103').roomId })
    order = await ok<OrderDetail>('GET', `/pms/pmsOrder/${order.orderId}`)
    assert.equal(stayIn('103').orderRoomId, moved)
    card103 = await guestCard(moved)
    assert.equal((await present('103', card102)).reason, 'wrong-room')
    assert.equal((await present('103', card103)).opens, true)
    // The old room's lock learns of the move from a checkout card made at the desk.
    const closing = await issueCard({ cardType: CardType.CHECKOUT, roomId: room('102').roomId })
    assert.equal((await present('102', closing)).effect, 'checked-out')
    assert.equal((await present('102', card102)).reason, 'checked-out')
    assert.deepEqual(await recordStates(card102), ['expired'])
    assert.deepEqual(await recordStates(card103), ['issued'])
    const server = app.bridge.server as OpenedServer
    const state = await server.sql.query<{ dirty: boolean; occupancy: string }>(
      'SELECT dirty, occupancy FROM pms_room WHERE room_id = $1',
      [room('102').roomId],
    )
    assert.deepEqual(state.rows[0], { dirty: true, occupancy: 'empty' })
  })

  it('checks out with the computed bill paid and settled; the cards are refused and the rooms are dirty', async () => {
    const bill = await ok<CheckoutBill>('GET', `/pms/pmsFolio/checkoutBill/${order.orderId}`)
    assert.equal(bill.rooms.length, 2)
    const posted = await ok<CheckoutBill>('POST', `/pms/pmsFolio/checkoutCharges/${order.orderId}`, keyed({}))
    assert.ok(posted.balanceAfterCents > 0, 'the guest owes the room nights and the minibar')
    await ok(
      'POST',
      '/pms/pmsFolio/payment',
      keyed({ orderId: order.orderId, amountCents: posted.balanceAfterCents, method: 'cash' }),
    )
    order = await ok<OrderDetail>('POST', '/pms/pmsOrder/checkOut', { orderId: order.orderId })
    assert.equal(order.state, 'checkOut')
    const settled = await ok<FolioView>('POST', `/pms/pmsFolio/settle/${order.orderId}`)
    assert.equal(settled.settled, true)
    assert.equal(settled.totals.balanceCents, 0)

    for (const [roomNo, card] of [
      ['101', card101],
      ['103', card103],
    ] as const) {
      const checkout = await issueCard({ cardType: CardType.CHECKOUT, roomId: room(roomNo).roomId })
      assert.equal((await present(roomNo, checkout)).effect, 'checked-out')
      assert.equal((await present(roomNo, card)).reason, 'checked-out')
    }
    assert.deepEqual([await recordStates(card101), await recordStates(card103)], [['expired'], ['expired']])
    const server = app.bridge.server as OpenedServer
    const dirty = await server.sql.query<{ room_no: string; dirty: boolean; occupancy: string }>(
      'SELECT room_no, dirty, occupancy FROM pms_room WHERE room_id = ANY($1::bigint[]) ORDER BY room_no',
      [[room('101').roomId, room('103').roomId]],
    )
    assert.deepEqual(
      dirty.rows.map((r) => [r.room_no, r.dirty, r.occupancy]),
      [
        ['101', true, 'empty'],
        ['103', true, 'empty'],
      ],
    )
  })
})
