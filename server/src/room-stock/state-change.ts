// PUT /pms/pmsRoom/state's writes (the rules are room-states.ts'): the rooms named change in the caller's transaction,
// and the rooms changed are answered for the push record that tells the other desks. A flag (dirty, locked, maintain)
// is written whatever the room shows: one UPDATE of every room named, answering them (a clean of one room is that
// statement and the push record's). An occupancy depends on the stay in house: the rooms are locked and read first.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { writeBehind } from '../db/answered.ts'
import { builtOnce, slot, valueSlot } from '../db/built-once.ts'
import type { Db } from '../db/client.ts'
import { orderRoom, room } from '../db/schema/index.ts'
import { notFound } from '../http/errors.ts'
import {
  followsStays,
  type Occupancy,
  outOfService,
  RoomState,
  type RoomStateColumns,
  stateChange,
} from './room-states.ts'

/** A state change asked for: the rooms, the state set (`value`) or cancelled, its reason, a long-term closure. */
export interface StateChangeAsked {
  roomIds: number[]
  state: RoomState
  value: boolean
  reason: string
  longTerm: boolean
}

/** A room a change wrote. */
export interface ChangedRoom {
  roomId: number
  roomNo: string
}

/** The rooms named that are the property's. */
const named = and(
  eq(room.propertyId, slot('propertyId')),
  sql`${room.roomId} = ANY(${slot('roomIds')}::bigint[])`,
)

/**
 * Changes the rooms' state as asked; answers the rooms changed, in the order asked. A room that is not the property's
 * is 404 and nothing is written (the caller's transaction rolls back).
 */
export async function changeRoomStates(
  tx: Db,
  propertyId: number,
  asked: StateChangeAsked,
): Promise<ChangedRoom[]> {
  const changed = followsStays(asked.state)
    ? await changeOccupancy(tx, propertyId, asked)
    : await changeFlag(tx, propertyId, asked)
  const at = new Map(asked.roomIds.map((id, i) => [id, i]))
  return changed.sort((a, b) => at.get(a.roomId)! - at.get(b.roomId)!)
}

/** The flag a room would take (stateChange reads nothing of the room for a flag). */
const flagColumns = (asked: StateChangeAsked) =>
  stateChange(asked.state, asked.value, { roomNo: '', occupancy: 'empty', inHouse: false }, asked.reason)!

/**
 * The UPDATE of a flag, built once per shape (db/built-once.ts): the flag's columns from slots of their names, a
 * long-term closure set with the flag, and a room back in service (neither locked nor under maintenance once the
 * flag is cancelled) no longer closed long term.
 */
function flagWriter(asked: StateChangeAsked) {
  const columns: Record<string, unknown> = Object.fromEntries(
    Object.keys(flagColumns(asked)).map((c) => [c, valueSlot(c)]),
  )
  let longTermClosed: SQL | boolean | undefined
  if (asked.longTerm) longTermClosed = true
  else if (!asked.value && outOfService(asked.state)) {
    const other = asked.state === RoomState.locked ? room.maintain : room.locked
    longTermClosed = sql`CASE WHEN ${other} THEN ${room.longTermClosed} ELSE false END`
  }
  return builtOnce((db) =>
    db
      .update(room)
      .set(
        Object.assign(columns, {
          updateTime: valueSlot<Date>('now'),
          ...(longTermClosed === undefined ? {} : { longTermClosed }),
        }),
      )
      .where(named)
      .returning({ roomId: room.roomId, roomNo: room.roomNo })
      .prepare(''),
  )
}
const flagWriters = new Map<string, ReturnType<typeof flagWriter>>()

/** Step: a flag set or cancelled on every room named, in one statement; answers the rooms written. */
async function changeFlag(tx: Db, propertyId: number, asked: StateChangeAsked): Promise<ChangedRoom[]> {
  const shape = `${asked.state}/${asked.value}/${asked.longTerm}`
  let write = flagWriters.get(shape)
  if (!write) {
    write = flagWriter(asked)
    flagWriters.set(shape, write)
  }
  const written = await write(
    tx,
    Object.assign<Record<string, unknown>, RoomStateColumns>(
      { propertyId, roomIds: asked.roomIds, now: new Date() },
      flagColumns(asked),
    ),
  )
  // A room that is not the property's: 404, and the caller's transaction rolls the others back.
  if (written.length !== asked.roomIds.length) throw notFound('entity.room')
  return written
}

/** The rooms a state change names, locked (statement built once). */
const roomsToChange = builtOnce((db) =>
  db
    .select({ roomId: room.roomId, roomNo: room.roomNo, occupancy: room.occupancy })
    .from(room)
    .where(named)
    .for('update')
    .prepare(''),
)

/**
 * Step: an occupancy set or cancelled by hand: the rooms locked and read with whether a stay is in house (which
 * refuses the change, room-states.ts), then each room that changes written, behind.
 */
async function changeOccupancy(tx: Db, propertyId: number, asked: StateChangeAsked): Promise<ChangedRoom[]> {
  const rooms = await roomsToChange(tx, { propertyId, roomIds: asked.roomIds })
  if (rooms.length !== asked.roomIds.length) throw notFound('entity.room')
  const inHouse = new Set(
    (
      await tx
        .selectDistinct({ roomId: orderRoom.roomId })
        .from(orderRoom)
        .where(and(inArray(orderRoom.roomId, asked.roomIds), eq(orderRoom.state, 'checkIn')))
    ).map((s) => s.roomId),
  )
  const done: ChangedRoom[] = []
  for (const r of rooms) {
    const current = { roomNo: r.roomNo, occupancy: r.occupancy as Occupancy, inHouse: inHouse.has(r.roomId) }
    const values = stateChange(asked.state, asked.value, current, asked.reason)
    if (!values) continue
    await writeBehind(tx, () =>
      tx
        .update(room)
        .set({ ...values, updateTime: new Date() })
        .where(eq(room.roomId, r.roomId)),
    )
    done.push({ roomId: r.roomId, roomNo: r.roomNo })
  }
  return done
}
