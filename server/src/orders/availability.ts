// Availability by room type and date range: rooms free per type per night (rooms not held that night by an active
// stay, not locked or under maintenance, less the type's bookings without a room yet) and the rooms free for the
// whole range. A room chosen still passes requireRoomFree and, last, the exclusion constraint.
import type { Availability, AvailabilityType } from '@pms/protocol/api/orders'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { badRequest } from '../http/errors.ts'
import { formatTime } from '../notifications/push.ts'
import type { AvailabilityQuery } from './schemas.ts'
import { rowsOf } from './store.ts'
import { loadTiming, parseLocalTime, stayRange } from './timing.ts'

const dayText = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`

export async function availability(
  db: Db,
  propertyId: number,
  query: AvailabilityQuery,
  now: Date,
): Promise<Availability> {
  const hourly = query.hourly ?? false
  const timing = await loadTiming(db, propertyId)
  const range = query.endTime
    ? {
        start: parseLocalTime(query.startTime, 'startTime', timing.checkOutTime),
        end: parseLocalTime(query.endTime, 'endTime', timing.checkOutTime),
      }
    : stayRange(query, hourly, timing, now, false)
  if (range.end <= range.start) throw badRequest('orders.endBeforeStart', ['endTime', 'startTime'])
  // Nights: each calendar day the range touches, the first from its start.
  const nights: Array<{ date: string; start: Date; end: Date }> = []
  const day = new Date(range.start.getFullYear(), range.start.getMonth(), range.start.getDate())
  while (day < range.end) {
    const next = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)
    const start = day < range.start ? range.start : new Date(day)
    const end = next > range.end ? range.end : next
    if (end > start) nights.push({ date: dayText(day), start, end })
    // A stay touches one calendar day more than its nights (it leaves on the last one).
    if (nights.length > timing.maxNights + 1)
      throw badRequest('deskChart.nightsRange', ['endTime', timing.maxNights])
    day.setDate(day.getDate() + 1)
  }
  const types = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT room_type_id AS "roomTypeId", type_name AS "typeName", daily_price AS "dailyPrice",
        hourly_price AS "hourlyPrice", hour_room AS "hourRoom", max_occupancy AS "maxOccupancy"
      FROM pms_room_type WHERE property_id = ${propertyId} AND state = '0'
        ${query.roomTypeId ? sql`AND room_type_id = ${query.roomTypeId}` : sql``}
        ${hourly ? sql`AND hour_room` : sql``}
      ORDER BY room_type_id`),
  )
  const rooms = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT room_id AS "roomId", room_no AS "roomNo", room_type_id AS "roomTypeId", occupancy, dirty,
        (locked OR maintain) AS "outOfService"
      FROM pms_room WHERE property_id = ${propertyId} ORDER BY room_no`),
  )
  const held = rowsOf<{ roomId: number | null; roomTypeId: number; start: string; end: string }>(
    await db.execute(sql`
      SELECT r.room_id AS "roomId", r.room_type_id AS "roomTypeId", lower(r.stay) AS start, upper(r.stay) AS "end"
      FROM pms_order_room r
      WHERE r.property_id = ${propertyId} AND r.state IN ('booking', 'checkIn')
        AND r.stay && tstzrange(${range.start.toISOString()}::timestamptz, ${range.end.toISOString()}::timestamptz, '[)')`),
  ).map((h) => ({
    roomId: h.roomId === null ? null : Number(h.roomId),
    roomTypeId: Number(h.roomTypeId),
    start: new Date(h.start),
    end: new Date(h.end),
  }))
  const overlaps = (h: { start: Date; end: Date }, n: { start: Date; end: Date }) =>
    h.start < n.end && h.end > n.start
  const result: AvailabilityType[] = types.map((t) => {
    const typeId = Number(t.roomTypeId)
    const ofType = rooms.filter((r) => Number(r.roomTypeId) === typeId)
    const sellable = ofType.filter((r) => !r.outOfService)
    const heldOfType = held.filter((h) => Number(h.roomTypeId) === typeId)
    return {
      roomTypeId: typeId,
      typeName: String(t.typeName),
      dailyPrice: Number(t.dailyPrice),
      hourlyPrice: Number(t.hourlyPrice),
      hourRoom: Boolean(t.hourRoom),
      maxOccupancy: Number(t.maxOccupancy),
      total: ofType.length,
      nights: nights.map((n) => {
        const heldRooms = new Set(
          held.filter((h) => h.roomId !== null && overlaps(h, n)).map((h) => Number(h.roomId)),
        )
        const unassigned = heldOfType.filter((h) => h.roomId === null && overlaps(h, n)).length
        const free = sellable.filter((r) => !heldRooms.has(Number(r.roomId))).length - unassigned
        return { date: n.date, free: Math.max(0, free) }
      }),
      freeRooms: sellable
        .filter((r) => !held.some((h) => h.roomId !== null && Number(h.roomId) === Number(r.roomId)))
        .map((r) => ({
          roomId: Number(r.roomId),
          roomNo: String(r.roomNo),
          occupancy: String(r.occupancy),
          dirty: Boolean(r.dirty),
        })),
    }
  })
  return { startTime: formatTime(range.start), endTime: formatTime(range.end), types: result }
}
