import assert from 'node:assert/strict'
import type { RoomStatusChart, RoomStatusTile } from '@pms/protocol/api/room-status'
import { test } from 'vitest'
import {
  applyChange,
  changedTile,
  countStates,
  filterChart,
  roomStatusChangeOf,
  roomTypesOf,
  tileActions,
  tilesOf,
} from './chart.ts'

const tile = (roomId: number, roomNo: string, roomTypeId: number, more: Partial<RoomStatusTile> = {}) => ({
  roomId,
  roomNo,
  roomTypeId,
  typeName: roomTypeId === 1 ? 'King' : 'Twin',
  occupancy: 'empty' as const,
  dirty: false,
  locked: false,
  maintain: false,
  lockReason: '',
  maintainReason: '',
  stay: null,
  arrival: null,
  ...more,
})

function chart(): RoomStatusChart {
  const buildings = [
    {
      buildingId: 1,
      buildingName: 'Main',
      floors: [
        {
          floorId: 11,
          floorNo: 1,
          floorName: '1F',
          rooms: [tile(101, '101', 1), tile(102, '102', 2, { occupancy: 'full', dirty: true })],
        },
        { floorId: 12, floorNo: 2, floorName: '2F', rooms: [tile(201, '201', 1, { locked: true })] },
      ],
    },
    {
      buildingId: 2,
      buildingName: 'Annex',
      floors: [{ floorId: 21, floorNo: 1, floorName: '', rooms: [tile(301, 'A1', 2, { maintain: true })] }],
    },
  ]
  const today = { arriving: 0, dueOut: 0, overdue: 0, inHouse: 0 }
  return { total: 4, counts: countStates(tilesOf(buildings)), today, buildings }
}

const roomNos = (buildings: RoomStatusChart['buildings']) => [...tilesOf(buildings)].map((t) => t.roomNo)

test('counts: one occupancy per room, flags counted beside it', () => {
  assert.deepEqual(chart().counts, { empty: 3, full: 1, notFull: 0, dirty: 1, locked: 1, maintain: 1 })
})

test("the full counter counts every occupied room, 'not full' (beds left) ones included", () => {
  const tiles = [
    tile(1, '1', 1, { occupancy: 'notFull' }),
    tile(2, '2', 1, { occupancy: 'full' }),
    tile(3, '3', 1),
  ]
  assert.deepEqual(countStates(tiles), { empty: 1, full: 2, notFull: 1, dirty: 0, locked: 0, maintain: 0 })
})

test('no filter keeps every building, floor and tile as they were', () => {
  const c = chart()
  const f = filterChart(c.buildings, {})
  assert.equal(f.shown, 4)
  assert.equal(f.total, 4)
  assert.equal(f.buildings[0], c.buildings[0])
  assert.equal(f.buildings[1], c.buildings[1])
})

test('the type filter narrows rooms and counts; empty floors and buildings drop out', () => {
  const c = chart()
  const f = filterChart(c.buildings, { roomTypeId: 2 })
  assert.deepEqual(roomNos(f.buildings), ['102', 'A1'])
  assert.deepEqual(
    f.buildings.map((b) => [b.buildingName, b.floors.map((x) => x.floorNo)]),
    [
      ['Main', [1]],
      ['Annex', [1]],
    ],
  )
  assert.deepEqual(f.counts, { empty: 1, full: 1, notFull: 0, dirty: 1, locked: 0, maintain: 1 })
  assert.equal(f.total, 2)
  // The kept tile is the same object, so a memoised tile does not render again.
  assert.equal(f.buildings[0]!.floors[0]!.rooms[0], c.buildings[0]!.floors[0]!.rooms[1])
})

test('the state filter narrows the rooms but not the counts', () => {
  const c = chart()
  const dirty = filterChart(c.buildings, { state: 'dirty' })
  assert.deepEqual(roomNos(dirty.buildings), ['102'])
  assert.equal(dirty.shown, 1)
  assert.deepEqual(dirty.counts, c.counts)
  assert.deepEqual(roomNos(filterChart(c.buildings, { state: 'empty', roomTypeId: 1 }).buildings), [
    '101',
    '201',
  ])
  assert.deepEqual(filterChart(c.buildings, { state: 'notFull' }).buildings, [])
})

test('room types in the order they first appear, with their room counts', () => {
  assert.deepEqual(roomTypesOf(chart().buildings), [
    { roomTypeId: 1, typeName: 'King', rooms: 2 },
    { roomTypeId: 2, typeName: 'Twin', rooms: 2 },
  ])
})

test('tile actions: other occupancies, cancel the current one unless empty, each flag set or cancelled', () => {
  const asText = (t: RoomStatusTile) => tileActions(t).map((a) => `${a.value ? '+' : '-'}${a.state}`)
  assert.deepEqual(asText(tile(1, '1', 1)), ['+full', '+notFull', '+dirty', '+locked', '+maintain'])
  assert.deepEqual(asText(tile(1, '1', 1, { occupancy: 'full', dirty: true, maintain: true })), [
    '+empty',
    '+notFull',
    '-full',
    '-dirty',
    '+locked',
    '-maintain',
  ])
})

test('a user who may mark long-term closures is also offered locking and maintenance as one', () => {
  const asText = (t: RoomStatusTile) =>
    tileActions(t, true).map((a) => `${a.value ? '+' : '-'}${a.state}${a.longTerm ? '*' : ''}`)
  assert.deepEqual(asText(tile(1, '1', 1, { occupancy: 'full', maintain: true })), [
    '+empty',
    '+notFull',
    '-full',
    '+dirty',
    '+locked',
    '+locked*',
    '-maintain',
  ])
})

test('a room with a guest in house offers no occupancy by hand, only the flags', () => {
  const asText = (t: RoomStatusTile) => tileActions(t).map((a) => `${a.value ? '+' : '-'}${a.state}`)
  const stay = {
    orderId: 1,
    orderRoomId: 1,
    orderNo: 'R1',
    guestName: 'Li Lei',
    nights: 1,
    hourly: false,
    balanceCents: 0,
    endTime: '2030-01-02 12:00:00',
    dueOut: false,
    overdue: false,
  }
  assert.deepEqual(asText(tile(1, '1', 1, { occupancy: 'full', stay })), ['+dirty', '+locked', '+maintain'])
})

test('locking keeps the reason on the tile; cancelling clears it', () => {
  const locked = changedTile(tile(1, '1', 1), 'locked', true, 'VIP hold')
  assert.equal(locked.locked, true)
  assert.equal(locked.lockReason, 'VIP hold')
  assert.equal(changedTile(locked, 'locked', false).lockReason, '')
})

test('a changed tile: flags follow the value; a cancelled occupancy returns to empty; no change keeps it', () => {
  const t = tile(1, '1', 1)
  assert.equal(changedTile(t, 'dirty', false), t)
  assert.equal(changedTile(t, 'dirty', true).dirty, true)
  assert.equal(changedTile(t, 'notFull', true).occupancy, 'notFull')
  assert.equal(changedTile({ ...t, occupancy: 'full' }, 'full', false).occupancy, 'empty')
  assert.equal(changedTile(t, 'empty', true), t)
})

test('applying a change replaces only the rooms it names, recounts, and is idempotent', () => {
  const c = chart()
  const next = applyChange(c, { roomIds: [101, 301], state: 'dirty', value: true })
  assert.deepEqual(next.counts, { empty: 3, full: 1, notFull: 0, dirty: 3, locked: 1, maintain: 1 })
  assert.equal(next.buildings[0]!.floors[1], c.buildings[0]!.floors[1], 'floor 2 untouched')
  assert.equal(
    next.buildings[0]!.floors[0]!.rooms[1],
    c.buildings[0]!.floors[0]!.rooms[1],
    'room 102 untouched',
  )
  assert.equal(next.buildings[0]!.floors[0]!.rooms[0]!.dirty, true)
  assert.equal(applyChange(next, { roomIds: [101, 301], state: 'dirty', value: true }), next)
  assert.equal(applyChange(c, { roomIds: [999], state: 'locked', value: true }), c)
  const cancelled = applyChange(next, { roomIds: [102], state: 'full', value: false })
  assert.equal(cancelled.counts.full, 0)
  assert.equal(cancelled.counts.empty, 4)
})

test('a roomStatus push record is read; other kinds and bad bodies are ignored', () => {
  const body = JSON.stringify({ roomIds: [101], state: 'dirty', value: true })
  assert.deepEqual(roomStatusChangeOf({ recordType: 'roomStatus', recordBody: body }), {
    roomIds: [101],
    state: 'dirty',
    value: true,
  })
  assert.equal(roomStatusChangeOf({ recordType: 'order', recordBody: body }), null)
  assert.equal(roomStatusChangeOf({ recordType: 'roomStatus', recordBody: 'not json' }), null)
  assert.equal(
    roomStatusChangeOf({
      recordType: 'roomStatus',
      recordBody: '{"roomIds":[1],"state":"sleepy","value":true}',
    }),
    null,
  )
  assert.equal(
    roomStatusChangeOf({
      recordType: 'roomStatus',
      recordBody: '{"roomIds":["1"],"state":"dirty","value":true}',
    }),
    null,
  )
  assert.equal(roomStatusChangeOf(null), null)
})
