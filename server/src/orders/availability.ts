// Availability by room type and date range: rooms free per type per night (rooms not held that night by an active
// stay, not locked or under maintenance, less the type's bookings without a room yet) and the rooms free for the
// whole range. A room chosen still passes requireRoomFree and, last, the exclusion constraint.
import type { Availability, AvailabilityType } from '@pms/protocol/api/orders'
import { addDays, dayRange, zonedDay } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { badRequest } from '../http/errors.ts'
import { formatTime } from '../notifications/push.ts'
import type { AvailabilityQuery } from './schemas.ts'
import { rowsOf } from './store.ts'
import { loadTiming, parseLocalTime, stayRange } from './timing.ts'

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
        start: parseLocalTime(query.startTime, 'startTime', timing.timeZone, timing.checkOutTime),
        end: parseLocalTime(query.endTime, 'endTime', timing.timeZone, timing.checkOutTime),
      }
    : stayRange(query, hourly, timing, now, false)
  if (range.end <= range.start) throw badRequest('orders.endBeforeStart', ['endTime', 'startTime'])
  // Nights: each calendar day (in the property's zone) the range touches, the first from its start.
  const nights: Array<{ date: string; start: Date; end: Date }> = []
  for (let date = zonedDay(range.start, timing.timeZone); ; date = addDays(date, 1)) {
    const day = dayRange(date, timing.timeZone)
    if (day.start >= range.end) break
    const start = day.start < range.start ? range.start : day.start
    const end = day.end > range.end ? range.end : day.end
    if (end > start) nights.push({ date, start, end })
    // A stay touches one calendar day more than its nights (it leaves on the last one).
    if (nights.length > timing.maxNights + 1)
      throw badRequest('deskChart.nightsRange', ['endTime', timing.maxNights])
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
  return {
    startTime: formatTime(range.start, timing.timeZone),
    endTime: formatTime(range.end, timing.timeZone),
    types: result,
  }
}
