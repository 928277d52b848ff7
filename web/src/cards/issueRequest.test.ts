import assert from 'node:assert/strict'
import { CardFlag, CardType } from '@pms/protocol'
import { test } from 'vitest'
import { LOCK_CARD_KINDS } from './cardKinds.ts'
import { buildIssueRequest, type IssueForm } from './issueRequest.ts'

const base: IssueForm = {
  protocol: 'M157',
  cardType: CardType.GUEST,
  floorIds: [],
  reason: '',
  start: '2025-06-01T14:00',
  end: '2025-06-02T12:00',
  flags: CardFlag.SUPERSEDE,
  targetCardNo: '',
  roomId: 7,
  buildingId: 1,
  floorId: 2,
}

test('a guest card names the stay of its room only: the server takes guest and validity from the stay', () => {
  const r = buildIssueRequest({ ...base, orderRoomId: 41 })
  assert.ok(r.ok)
  assert.deepEqual(r.body, { protocol: 'M157', cardType: 1, orderRoomId: 41, flags: CardFlag.SUPERSEDE })
})

test('a guest card for a room with no stay is refused before a card is touched', () => {
  assert.deepEqual(buildIssueRequest(base), { ok: false, key: 'cardConsole.error.needStay' })
  assert.deepEqual(buildIssueRequest({ ...base, roomId: undefined, orderRoomId: 41 }), {
    ok: false,
    key: 'cardConsole.error.needRoom',
  })
})

test('every card but guest, check-out and lost cards needs a reason', () => {
  for (const cardType of [
    CardType.STAFF,
    CardType.CHIEF,
    CardType.FLOOR,
    CardType.BUILDING,
    CardType.EMERGENCY,
    CardType.CLEAR,
    CardType.CLEANER,
    CardType.TIME,
  ]) {
    assert.deepEqual(buildIssueRequest({ ...base, cardType, reason: ' ' }), {
      ok: false,
      key: 'cardConsole.error.needReason',
    })
    const built = buildIssueRequest({ ...base, cardType, reason: ' Night audit ' })
    assert.ok(built.ok && built.body.reason === 'Night audit', String(cardType))
  }
  const checkOut = buildIssueRequest({ ...base, cardType: CardType.CHECKOUT })
  assert.ok(checkOut.ok && checkOut.body.reason === undefined)
})

test('each scope asks for its place', () => {
  const none = { ...base, roomId: undefined, floorId: undefined, buildingId: undefined, reason: 'Audit' }
  const cases: [number, string][] = [
    [CardType.CHECKOUT, 'cardConsole.error.needRoom'],
    [CardType.CLEAR, 'cardConsole.error.needRoom'],
    [CardType.FLOOR, 'cardConsole.error.needFloor'],
    [CardType.BUILDING, 'cardConsole.error.needBuilding'],
    [CardType.ELEVATOR, 'cardConsole.error.needFloors'],
    [CardType.LOST, 'cardConsole.error.needTarget'],
    [CardType.UN_LOST, 'cardConsole.error.needTarget'],
  ]
  for (const [cardType, key] of cases)
    assert.deepEqual(buildIssueRequest({ ...none, cardType }), { ok: false, key }, String(cardType))
  for (const cardType of [
    CardType.CHIEF,
    CardType.EMERGENCY,
    CardType.TIME,
    CardType.STAFF,
    CardType.INSTALL,
  ])
    assert.ok(buildIssueRequest({ ...none, cardType }).ok, String(cardType))
})

test('floor, building, elevator and lost cards carry what the server expects', () => {
  const floor = buildIssueRequest({ ...base, cardType: CardType.FLOOR, reason: 'x' })
  assert.ok(floor.ok && floor.body.floorIds?.[0] === 2 && floor.body.roomId === undefined)
  const building = buildIssueRequest({ ...base, cardType: CardType.BUILDING, reason: 'x' })
  assert.ok(building.ok && building.body.buildingId === 1 && building.body.roomId === undefined)
  const elevator = buildIssueRequest({ ...base, cardType: CardType.ELEVATOR, floorIds: [3, 4], reason: 'x' })
  assert.ok(elevator.ok)
  assert.deepEqual(elevator.body.floorIds, [3, 4])
  const lost = buildIssueRequest({ ...base, cardType: CardType.LOST, targetCardNo: ' 17 ' })
  assert.ok(lost.ok && lost.body.targetCardNo === 17 && lost.body.guestName === undefined)
  assert.equal(buildIssueRequest({ ...base, cardType: CardType.LOST, targetCardNo: '0' }).ok, false)
  assert.equal(buildIssueRequest({ ...base, cardType: CardType.LOST, targetCardNo: '1e3' }).ok, false)
})

test('a staff card takes the narrowest place chosen', () => {
  const staff = { ...base, reason: 'Audit' }
  const room = buildIssueRequest({ ...staff, cardType: CardType.STAFF })
  assert.ok(room.ok && room.body.roomId === 7 && room.body.floorIds === undefined)
  const floor = buildIssueRequest({ ...staff, cardType: CardType.STAFF, roomId: undefined })
  assert.ok(floor.ok)
  assert.deepEqual(floor.body.floorIds, [2])
  const building = buildIssueRequest({
    ...staff,
    cardType: CardType.STAFF,
    roomId: undefined,
    floorId: undefined,
  })
  assert.ok(building.ok && building.body.buildingId === 1 && building.body.floorIds === undefined)
})

test('the window must be two datetimes, the end after the start', () => {
  const bad = { ok: false, key: 'cardConsole.error.validity' }
  const checkOut = { ...base, cardType: CardType.CHECKOUT }
  assert.deepEqual(buildIssueRequest({ ...checkOut, end: base.start }), bad)
  assert.deepEqual(buildIssueRequest({ ...checkOut, start: '' }), bad)
  assert.deepEqual(buildIssueRequest({ ...checkOut, end: '2025-13-45' }), bad)
})

test('a card type outside the lock list is refused', () => {
  assert.deepEqual(buildIssueRequest({ ...base, cardType: CardType.DATA }), {
    ok: false,
    key: 'cardConsole.error.cardType',
  })
})

test('the lock list holds the fifteen lock card types of §3, each once', () => {
  const names = LOCK_CARD_KINDS.map((k) => k.name)
  assert.equal(new Set(names).size, 15)
  for (const n of ['GUEST', 'CHECKOUT', 'LOST', 'UN_LOST', 'CLEAR', 'TIME', 'INSTALL', 'FLOOR', 'BUILDING'])
    assert.ok(names.includes(n as never), n)
  for (const n of ['CHIEF', 'STAFF', 'CLEANER', 'EMERGENCY', 'ELEVATOR', 'LOCK_SETTING'])
    assert.ok(names.includes(n as never), n)
})
