// Issuing grants over HTTP: a guest card for room 101 decodes to the right fields, sequences per room, other
// properties read it as foreign, permission per protocol family, tenancy, bad input, rotation; no secret ever sent.
import assert from 'node:assert/strict'
import { CardType, cardKeyEndTime, decodeCpuCardFile, fromHex, propertyCardSecret } from '@pms/protocol'
import { DEFAULT_TIME_ZONE } from '@pms/protocol/time/zone'
import { test } from 'vitest'
import {
  arrangeCardStay,
  auth,
  decodeGrant,
  demoIds,
  ISSUE_URL,
  responseLog,
  storedSecret,
} from './cards-support.ts'
import { describeProduct } from './harness.ts'

describeProduct('card issuing grants', (product) => {
  const log = responseLog()
  const secrets: string[] = []
  let ids: Awaited<ReturnType<typeof demoIds>>
  let clerk: string
  let manager: string
  /** The stay behind each room's guest cards (a guest card belongs to a stay). */
  const stays = new Map<number, number>()
  const issue = (token: string, body: Record<string, unknown>) =>
    log.send(product().http.post(ISSUE_URL).set(auth(token)).send(body))
  /** A card of room 101 (or `roomId`): a guest card names the room's stay, other types the room itself. */
  const guestCard = (extra: Record<string, unknown> = {}) => {
    const body: Record<string, unknown> = {
      protocol: 'M157',
      cardType: CardType.GUEST,
      uid: 'DEADBEEF',
      roomId: ids.room101.roomId,
      startTime: '2030-01-01 12:00:00',
      endTime: '2030-01-03 12:00:00',
      ...extra,
    }
    if (body.cardType === CardType.GUEST && body.roomId !== undefined) {
      body.orderRoomId = stays.get(body.roomId as number) ?? 999_999
      delete body.roomId
    }
    return body
  }
  /** Staff-type cards are issued by the manager (the staff card permission), with a reason. */
  const staffCard = (extra: Record<string, unknown>) =>
    guestCard({ roomId: undefined, reason: 'Housekeeping master key for the 2nd floor', ...extra })
  const recordCount = async () =>
    Number((await product().query<{ n: number }>('SELECT count(*)::int AS n FROM pms_card_record'))[0]!.n)

  test('a guest card for room 101 decodes with the property card secret to the right fields', async () => {
    ids = await demoIds(product())
    clerk = await product().login('clerk')
    manager = await product().login('manager')
    for (const [propertyId, room] of [
      [ids.hotel, ids.room101],
      [ids.hotel, ids.room102],
      [ids.apartment, ids.apartmentRoom],
    ] as const)
      stays.set(
        room.roomId,
        await arrangeCardStay(
          product(),
          propertyId,
          room.roomId,
          '2029-12-31 00:00:00',
          '2030-01-10 00:00:00',
        ),
      )
    const res = await issue(clerk, guestCard())
    assert.equal(res.status, 200, res.text)
    const { recordId, issueSequence, grant } = res.body.data
    assert.equal(grant.format, 'mifare')
    assert.equal(grant.category, 'M157')
    assert.equal(grant.uid, 'DEADBEEF')
    assert.deepEqual(
      grant.sectors.map((s: { sector: number }) => s.sector),
      [1, 2],
    )
    const secret = await storedSecret(product(), ids.hotel)
    secrets.push(secret)
    const decoded = decodeGrant(grant, secret)
    assert.ok(decoded.ok, JSON.stringify(decoded))
    assert.deepEqual(decoded.fields, {
      cardType: CardType.GUEST,
      flags: 0,
      propertyId: ids.hotel,
      buildingId: ids.room101.buildingId,
      floorId: ids.room101.floorId,
      roomId: ids.room101.roomId,
      validFrom: cardKeyEndTime('2030-01-01 12:00:00', DEFAULT_TIME_ZONE),
      validUntil: cardKeyEndTime('2030-01-03 12:00:00', DEFAULT_TIME_ZONE),
      issueSequence,
      cardNo: recordId,
      targetCardNo: 0,
      elevatorFloors: [],
    })
    const [record] = await product().query<{ state: string; cardid: string; room_id: number }>(
      'SELECT state, cardid, room_id FROM pms_card_record WHERE record_id = $1',
      [recordId],
    )
    assert.deepEqual(
      { ...record, room_id: Number(record!.room_id) },
      {
        state: 'waiting',
        cardid: 'DEADBEEF',
        room_id: ids.room101.roomId,
      },
    )
  })

  test('the issue sequence rises per room and starts afresh for another room', async () => {
    const seq = async (body: Record<string, unknown>) => (await issue(clerk, body)).body.data.issueSequence
    const first = await seq(guestCard())
    const second = await seq(guestCard({ uid: '04A1B2C3D4E5F6' }))
    assert.equal(second, first + 1)
    const other = await seq(guestCard({ roomId: ids.room102.roomId, uid: 'CAFEBABE' }))
    assert.equal(other, 1)
    assert.equal(await seq(guestCard()), second + 1)
  })

  test("another property's secret reads the card as foreign", async () => {
    const res = await issue(clerk, guestCard())
    const switched = await log.send(
      product().http.put(`/prod-api/auth/switchProperty/${ids.apartment}`).set(auth(manager)),
    )
    assert.equal(switched.body.code, 200, switched.text)
    const apartmentCard = await issue(manager, guestCard({ roomId: ids.apartmentRoom.roomId }))
    assert.equal(apartmentCard.body.code, 200, apartmentCard.text)
    const apartmentSecret = await storedSecret(product(), ids.apartment)
    secrets.push(apartmentSecret)
    assert.notEqual(apartmentSecret, secrets[0])
    assert.deepEqual(decodeGrant(res.body.data.grant, apartmentSecret), { ok: false, reason: 'foreign' })
    assert.equal(decodeGrant(apartmentCard.body.data.grant, apartmentSecret).ok, true)
    await log.send(product().http.put(`/prod-api/auth/switchProperty/${ids.hotel}`).set(auth(manager)))
  })

  test('aliases, Z-M and BLE v3 CPU cards are issued in their own format', async () => {
    const alias = await issue(clerk, guestCard({ protocol: 'T_M157' }))
    assert.equal(alias.body.data.grant.category, 'M157')
    const zm = await issue(clerk, guestCard({ protocol: 'Z-M' }))
    assert.equal(zm.body.data.grant.category, 'Z-M')
    assert.equal(decodeGrant(zm.body.data.grant, secrets[0]!).ok, true)
    const ht = await issue(clerk, guestCard({ protocol: 'H_BLE' }))
    assert.equal(ht.body.code, 200, ht.text)
    const cpu = await issue(clerk, guestCard({ protocol: 'BLE_V3 CPU', uid: '04112233445566' }))
    assert.equal(cpu.body.code, 200, cpu.text)
    const { grant, recordId } = cpu.body.data
    assert.equal(grant.format, 'cpu')
    const decoded = decodeCpuCardFile(
      fromHex(grant.file),
      propertyCardSecret(fromHex(secrets[0]!)),
      fromHex(grant.uid),
    )
    assert.ok(decoded.ok)
    assert.equal(decoded.fields.cardNo, recordId)
    assert.equal(decoded.fields.roomId, ids.room101.roomId)
  })

  test('each protocol family needs its own issue permission', async () => {
    const removeBleV3 = `DELETE FROM sys_role_menu WHERE role_id = (SELECT role_id FROM sys_role WHERE role_key = 'front_desk')
      AND menu_id = (SELECT menu_id FROM sys_menu WHERE perms = 'pms:pmsBleV3ManageCard:issue')`
    await product().query(removeBleV3)
    try {
      const before = await recordCount()
      for (const protocol of ['BLE_V3', 'BLE_V3_CPU']) {
        const res = await issue(clerk, guestCard({ protocol }))
        assert.equal(res.status, 403, `${protocol}: ${res.text}`)
        assert.equal(res.body.code, 403)
      }
      assert.equal(await recordCount(), before, 'a refused grant leaves no record')
      assert.equal((await issue(clerk, guestCard({ protocol: 'M157' }))).body.code, 200)
      assert.equal((await issue(manager, guestCard({ protocol: 'BLE_V3' }))).body.code, 200)
    } finally {
      await product().query(
        `INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.role_id, m.menu_id FROM sys_role r, sys_menu m
         WHERE r.role_key = 'front_desk' AND m.perms = 'pms:pmsBleV3ManageCard:issue'`,
      )
    }
    assert.equal((await issue(clerk, guestCard({ protocol: 'BLE_V3' }))).body.code, 200)
  })

  test('a room of another property gets no grant', async () => {
    const before = await recordCount()
    const res = await issue(clerk, guestCard({ roomId: ids.apartmentRoom.roomId }))
    assert.equal(res.status, 404, res.text)
    assert.equal(await recordCount(), before)
  })

  test('bad input answers 400 naming the field, and issues nothing', async () => {
    const before = await recordCount()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ uid: 'XYZ12345' }, 'uid'],
      [{ uid: 'DEADBEEF00' }, 'uid'],
      [{ endTime: '2029-12-31 00:00:00' }, 'endTime'],
      [{ endTime: '2030-01-01 12:00:00' }, 'endTime'],
      [{ startTime: '2030-13-45' }, 'startTime'],
      [{ protocol: 'NFC' }, 'protocol'],
      [{ cardType: 99 }, 'cardType'],
      [{ roomId: undefined }, 'roomId'],
      [{ cardType: CardType.ELEVATOR, roomId: undefined }, 'floorIds'],
    ]
    for (const [extra, field] of cases) {
      const res = await issue(clerk, guestCard(extra))
      assert.equal(res.status, 400, `${field}: ${res.text}`)
      assert.ok(res.body.msg.includes(field), `${res.body.msg} names ${field}`)
    }
    const guestless = await arrangeCardStay(
      product(),
      ids.hotel,
      ids.room101.roomId,
      '2030-06-01 14:00:00',
      '2030-06-02 12:00:00',
      null,
    )
    const noGuest = await issue(clerk, guestCard({ roomId: undefined, orderRoomId: guestless }))
    assert.equal(noGuest.status, 400)
    assert.equal(noGuest.body.msg, 'Do not issue card without guest information.')
    assert.equal(await recordCount(), before)
  })

  test('an end time past 4294967295 is capped; a date-only end is that day 23:59:59', async () => {
    const capped = await issue(clerk, guestCard({ cardType: CardType.CHECKOUT, endTime: 9_999_999_999 }))
    assert.equal(
      decodeGrant(capped.body.data.grant, secrets[0]!).ok && capped.body.data.grant.uid,
      'DEADBEEF',
    )
    const fields = (r: typeof capped) => {
      const d = decodeGrant(r.body.data.grant, secrets[0]!)
      assert.ok(d.ok)
      return d.fields
    }
    assert.equal(fields(capped).validUntil, 4294967295)
    const dateOnly = await issue(clerk, guestCard({ endTime: '2030-01-05', startTime: 1_893_456_000 }))
    assert.equal(fields(dateOnly).validUntil, cardKeyEndTime('2030-01-05 23:59:59', DEFAULT_TIME_ZONE))
    assert.equal(fields(dateOnly).validFrom, 1_893_456_000)
  })

  test('floor and elevator cards carry the floor; staff cards may name no room', async () => {
    const floors = await product().query<{ floor_id: number; floor_no: number }>(
      'SELECT floor_id, floor_no FROM pms_floor WHERE building_id = $1 ORDER BY floor_no LIMIT 2',
      [ids.room101.buildingId],
    )
    const floorIds = floors.map((f) => Number(f.floor_id))
    const floorCard = await issue(manager, staffCard({ cardType: CardType.FLOOR, floorIds: [floorIds[0]] }))
    const floorFields = decodeGrant(floorCard.body.data.grant, secrets[0]!)
    assert.ok(floorFields.ok)
    assert.equal(floorFields.fields.floorId, floorIds[0])
    assert.equal(floorFields.fields.roomId, 0)
    const elevator = await issue(manager, staffCard({ cardType: CardType.ELEVATOR, floorIds }))
    const elevatorFields = decodeGrant(elevator.body.data.grant, secrets[0]!)
    assert.ok(elevatorFields.ok)
    assert.deepEqual(
      elevatorFields.fields.elevatorFloors,
      floors.map((f) => Number(f.floor_no)),
    )
    const staff = await issue(manager, staffCard({ cardType: CardType.STAFF }))
    assert.equal(staff.body.code, 200, staff.text)
  })

  test('updateZgTmKey rotates the secret: cards issued before read as foreign; the clerk may not rotate', async () => {
    const before = await issue(clerk, guestCard())
    const refused = await log.send(
      product().http.put(`/prod-api/pms/pmsProperty/updateZgTmKey/${ids.hotel}`).set(auth(clerk)),
    )
    assert.equal(refused.status, 403)
    const res = await log.send(
      product().http.put(`/prod-api/pms/pmsProperty/updateZgTmKey/${ids.hotel}`).set(auth(manager)),
    )
    assert.equal(res.body.code, 200, res.text)
    assert.equal(res.body.data.secretVersion, 2)
    const rotated = await storedSecret(product(), ids.hotel)
    secrets.push(rotated)
    assert.notEqual(rotated, secrets[0])
    assert.deepEqual(decodeGrant(before.body.data.grant, rotated), { ok: false, reason: 'foreign' })
    const after = await issue(clerk, guestCard())
    assert.equal(decodeGrant(after.body.data.grant, rotated).ok, true)
    const otherProperty = await log.send(
      product().http.put(`/prod-api/pms/pmsProperty/updateZgTmKey/${ids.apartment}`).set(auth(manager)),
    )
    assert.equal(otherProperty.status, 403, 'only the current property')
  })

  test('a guest card belongs to a stay and its validity stays inside it', async () => {
    const before = await recordCount()
    // A vacant room with no stay: no guest card, whatever name is typed.
    const vacant = await issue(clerk, {
      protocol: 'M157',
      cardType: CardType.GUEST,
      uid: 'DEADBEEF',
      roomId: ids.room101.roomId,
      guestName: 'Walk-up',
      startTime: '2031-03-01 12:00:00',
      endTime: '2031-03-02 12:00:00',
    })
    assert.equal(vacant.status, 400, vacant.text)
    assert.equal(vacant.body.msg, 'A guest card must belong to a stay: give orderRoomId')
    const beyond = await issue(clerk, guestCard({ endTime: '2030-01-10 00:00:01' }))
    assert.equal(beyond.status, 400, beyond.text)
    assert.match(
      beyond.body.msg,
      /^endTime is outside the stay \(2029-12-31 00:00:00 to 2030-01-10 00:00:00\)$/,
    )
    const early = await issue(clerk, guestCard({ startTime: '2029-12-30 23:59:59' }))
    assert.equal(early.status, 400, early.text)
    assert.match(early.body.msg, /^startTime is outside the stay/)
    const byStay = await issue(
      clerk,
      guestCard({ roomId: undefined, orderRoomId: stays.get(ids.room101.roomId) }),
    )
    assert.equal(byStay.status, 200, byStay.text)
    const wrongRoom = await issue(clerk, {
      ...guestCard(),
      roomId: ids.room102.roomId,
    })
    assert.equal(wrongRoom.status, 400, wrongRoom.text)
    assert.match(wrongRoom.body.msg, /roomId/)
    assert.equal(await recordCount(), before + 1)
    // Without times the card is valid for the whole stay.
    const whole = await issue(clerk, { ...guestCard(), startTime: undefined, endTime: undefined })
    assert.equal(whole.status, 200, whole.text)
    const [record] = await product().query<{ start_time: string; end_time: string; guest_name: string }>(
      'SELECT start_time, end_time, guest_name FROM pms_card_record WHERE record_id = $1',
      [whole.body.data.recordId],
    )
    assert.equal(Number(record!.start_time), cardKeyEndTime('2029-12-31 00:00:00', DEFAULT_TIME_ZONE))
    assert.equal(Number(record!.end_time), cardKeyEndTime('2030-01-10 00:00:00', DEFAULT_TIME_ZONE))
    assert.equal(record!.guest_name, 'Card Guest')
  })

  test('every card but guest, check-out and lost cards needs the staff card permission and a reason, both recorded', async () => {
    const before = await recordCount()
    // Cards that open doors with no stay behind them (a cleaner card with no scope opens the whole property) or change
    // what locks accept (clear revives old guest cards, un-lost lifts a blacklist, time moves the locks' clocks).
    for (const cardType of [
      CardType.STAFF,
      CardType.CHIEF,
      CardType.BUILDING,
      CardType.EMERGENCY,
      CardType.CLEANER,
      CardType.CLEAR,
      CardType.UN_LOST,
      CardType.TIME,
      CardType.INSTALL,
      CardType.LOCK_SETTING,
      CardType.SECTOR_KEY,
      CardType.INIT_KEY,
      CardType.PRIVATE_KEY,
      CardType.DATA,
    ]) {
      const body = staffCard({ cardType, buildingId: ids.room101.buildingId, roomId: ids.room101.roomId })
      const refused = await issue(clerk, body)
      assert.equal(refused.status, 403, `clerk, type ${cardType}: ${refused.text}`)
      const noReason = await issue(manager, { ...body, reason: '  ' })
      assert.equal(noReason.status, 400, `no reason, type ${cardType}: ${noReason.text}`)
      assert.match(noReason.body.msg, /^reason is required/)
    }
    assert.equal(await recordCount(), before)
    // The desk's own cards only take access away: the card permission is enough, without a reason.
    for (const cardType of [CardType.CHECKOUT, CardType.LOST]) {
      const desk = await issue(clerk, guestCard({ cardType, targetCardNo: 7 }))
      assert.equal(desk.status, 200, `clerk, type ${cardType}: ${desk.text}`)
    }
    const chief = await issue(
      manager,
      staffCard({ cardType: CardType.CHIEF, reason: 'Duty manager, night shift' }),
    )
    assert.equal(chief.status, 200, chief.text)
    const records = await log.send(
      product()
        .http.get('/prod-api/pms/pmsCardRecord/list')
        .query({ cardType: CardType.CHIEF })
        .set(auth(manager)),
    )
    const listed = records.body.rows.find((r: any) => r.recordId === chief.body.data.recordId)
    assert.equal(listed.reason, 'Duty manager, night shift')
    const [managerRow] = await product().query<{ user_id: string }>(
      "SELECT user_id FROM sys_user WHERE user_name = 'manager'",
    )
    assert.equal(listed.createBy, Number(managerRow!.user_id))
  })

  test('no response of this suite holds a secret', () => {
    assert.ok(secrets.length >= 3)
    log.assertNoSecret(secrets)
  })
})
