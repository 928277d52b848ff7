// PUT /pms/pmsRoom/state's writes (the rules are room-states.ts') and the push record that tells the other desks, in
// the same transaction. A flag (dirty, locked, maintain) is written whatever the room shows: the rooms named, locked,
// written and told of in one statement sent alone (one write: a clean of one room is one round trip). An occupancy
// depends on the stay in house: the rooms are locked and read first, then written, and the record goes with the COMMIT.

import type { PushRecord } from '@pms/protocol'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { answeredAtCommit, writeBehind } from '../db/answered.ts'
import { builtOnce, slot, sqlBuiltOnce } from '../db/built-once.ts'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { orderRoom, room } from '../db/schema/index.ts'
import { notFound } from '../http/errors.ts'
import {
  type NewPushRecord,
  presentPushRecord,
  pushRecordValues,
  writePushRecord,
} from '../notifications/push.ts'
import { timeZoneColumn, zoneOrDefault } from '../properties/clock.ts'
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
interface ChangedRoom {
  roomId: number
  roomNo: string
}

/**
 * The push record telling the other desks of a change, given the rooms changed: their numbers (sorted, joined by
 * ', ') and ids (in the order asked).
 */
export type TellChange = (roomNos: string, roomIds: number[]) => NewPushRecord

/** What a change did: the rooms changed, in the order asked, and its push record (null when no room changed). */
export interface RoomStatesChanged {
  roomIds: number[]
  push: PushRecord | null
}

/** The rooms named that are the property's. */
const named = and(
  eq(room.propertyId, slot('propertyId')),
  sql`${room.roomId} = ANY(${slot('roomIds')}::bigint[])`,
)

/**
 * Changes the rooms' state as asked and stores the push record `tell` makes of it, in one transaction; answers the
 * rooms changed and the record (to announce: the change has committed). A room that is not the property's is 404 and
 * nothing is written.
 */
export function changeRoomStates(
  db: Db,
  propertyId: number,
  asked: StateChangeAsked,
  tell: TellChange,
): Promise<RoomStatesChanged> {
  return followsStays(asked.state)
    ? changeOccupancy(db, propertyId, asked, tell)
    : changeFlag(db, propertyId, asked, tell)
}

/** The flag a room would take (stateChange reads nothing of the room for a flag). */
const flagColumns = (asked: StateChangeAsked) =>
  stateChange(asked.state, asked.value, { roomNo: '', occupancy: 'empty', inHouse: false }, asked.reason)!

/**
 * Stands for the rooms' numbers in a flag's push record until its statement writes them in: the rooms' numbers are
 * known only once the rooms are written, in the same statement.
 */
const ROOM_NUMBERS = '⟨rooms⟩'

/**
 * A flag's statement, built once per shape (db/built-once.ts): the rooms named, locked; the flag's columns written
 * from slots of their names on all of them — or on none when one is not the property's (then nothing is written and
 * nothing answered) —, with a long-term closure set with the flag, and a room back in service (neither locked nor
 * under maintenance once the flag is cancelled) no longer closed long term; then the push record, ROOM_NUMBERS in its
 * title (text and message) replaced by the rooms' numbers, sorted by code point as JavaScript sorts them. Answers the
 * record's id, the numbers and the property's zone.
 */
function flagWriter(asked: StateChangeAsked) {
  const set = Object.entries(flagColumns(asked)).map(
    ([field, value]) =>
      sql`${sql.identifier(room[field as keyof RoomStateColumns].name)} = ${slot(field)}::${sql.raw(typeof value === 'boolean' ? 'boolean' : 'text')}`,
  )
  if (asked.longTerm) set.push(sql`long_term_closed = true`)
  else if (!asked.value && outOfService(asked.state)) {
    const other = asked.state === RoomState.locked ? room.maintain : room.locked
    set.push(
      sql`long_term_closed = CASE WHEN ${sql.identifier(other.name)} THEN long_term_closed ELSE false END`,
    )
  }
  const rooms = sql.raw(`'${ROOM_NUMBERS}'`)
  const roomsInJson = sql.raw(`'"${ROOM_NUMBERS}"'`)
  return sqlBuiltOnce(sql`
    WITH named AS (
      SELECT room_id FROM pms_room
      WHERE property_id = ${slot('propertyId')} AND room_id = ANY(${slot('roomIds')}::bigint[])
      FOR UPDATE
    ), changed AS (
      UPDATE pms_room SET ${sql.join(set, sql`, `)}, update_time = ${slot('now')}::timestamptz
      WHERE room_id IN (SELECT room_id FROM named)
        AND (SELECT count(*) FROM named) = cardinality(${slot('roomIds')}::bigint[])
      RETURNING room_no
    ), told AS (
      SELECT string_agg(room_no, ', ' ORDER BY room_no COLLATE "C") AS room_nos FROM changed
    ), record AS (
      INSERT INTO pms_push_record (property_id, record_type, record_title, record_body, title, body, create_time)
      SELECT ${slot('propertyId')}, ${slot('recordType')}, left(replace(${slot('recordTitle')}, ${rooms}, room_nos), 200),
        ${slot('recordBody')}, replace(${slot('title')}, ${roomsInJson}, to_json(room_nos)::text)::jsonb,
        ${slot('body')}::jsonb, ${slot('now')}::timestamptz
      FROM told WHERE room_nos IS NOT NULL
      RETURNING record_id
    )
    SELECT record.record_id AS "recordId", told.room_nos AS "roomNos", ${timeZoneColumn(slot('propertyId'))} AS "timeZone"
    FROM record, told`)
}
const flagWriters = new Map<string, ReturnType<typeof flagWriter>>()

/**
 * Step: a flag set or cancelled on every room named and the push record telling of it, in one statement (flagWriter)
 * sent alone: PostgreSQL runs it as a transaction of its own, in one round trip.
 */
async function changeFlag(
  db: Db,
  propertyId: number,
  asked: StateChangeAsked,
  tell: TellChange,
): Promise<RoomStatesChanged> {
  const shape = `${asked.state}/${asked.value}/${asked.longTerm}`
  let write = flagWriters.get(shape)
  if (!write) {
    write = flagWriter(asked)
    flagWriters.set(shape, write)
  }
  const now = new Date()
  const pending = pushRecordValues(tell(ROOM_NUMBERS, asked.roomIds))
  const [row] = rowsOf<{ recordId: number | string; roomNos: string; timeZone: string | null }>(
    await write(
      db,
      Object.assign<Record<string, unknown>, RoomStateColumns>(
        {
          propertyId,
          roomIds: asked.roomIds,
          now,
          recordType: pending.recordType,
          recordTitle: pending.recordTitle,
          recordBody: pending.recordBody,
          title: JSON.stringify(pending.title),
          body: pending.body && JSON.stringify(pending.body),
        },
        flagColumns(asked),
      ),
    ),
  )
  // A room that is not the property's: nothing was written.
  if (!row) throw notFound('entity.room')
  // The record as stored: the same message, with the rooms' numbers the statement wrote in.
  const stored = pushRecordValues(tell(row.roomNos, asked.roomIds))
  const push = presentPushRecord(
    { ...stored, recordId: Number(row.recordId), state: '0', createTime: now },
    zoneOrDefault(row.timeZone),
  )
  return { roomIds: asked.roomIds, push }
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
 * refuses the change, room-states.ts), then each room that changes written, behind; the push record goes with the
 * COMMIT (db/answered.ts), when a room changed.
 */
async function changeOccupancy(
  db: Db,
  propertyId: number,
  asked: StateChangeAsked,
  tell: TellChange,
): Promise<RoomStatesChanged> {
  const at = new Map(asked.roomIds.map((id, i) => [id, i]))
  const { done, answer: push } = await answeredAtCommit(
    db,
    async (tx) =>
      (await writeOccupancy(tx, propertyId, asked)).sort((a, b) => at.get(a.roomId)! - at.get(b.roomId)!),
    (tx, done) =>
      done.length
        ? writePushRecord(
            tx,
            tell(
              done
                .map((r) => r.roomNo)
                .sort()
                .join(', '),
              done.map((r) => r.roomId),
            ),
          )
        : Promise.resolve(null),
  )
  return { roomIds: done.map((r) => r.roomId), push }
}

/** The occupancy written on each room named whose occupancy changes; answers those rooms. */
async function writeOccupancy(tx: Db, propertyId: number, asked: StateChangeAsked): Promise<ChangedRoom[]> {
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
