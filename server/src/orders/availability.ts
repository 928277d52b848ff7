// Availability by room type and date range: rooms free per type per night (rooms not held that night by an active
// stay, not locked or under maintenance, less the type's bookings without a room yet) and the rooms free for the
// whole range. A room chosen still passes requireRoomFree and, last, the exclusion constraint.
import type { Availability, AvailabilityType } from '@pms/protocol/api/orders'
import { DAY_MS } from '@pms/protocol/billing/stay'
import { addDays, type DayText, zonedDay, zonedInstant } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { badRequest } from '../http/errors.ts'
import { formatTime } from '../notifications/push.ts'
import type { AvailabilityQuery } from './schemas.ts'
import { loadTiming, parseLocalTime, type StayRules, stayRange } from './timing.ts'

type Night = { date: DayText; start: Date; end: Date }

/**
 * The hotel nights a range covers, each clipped to it: in fixed mode night D runs from D's check-out time to the next
 * day's (a guest leaving at noon frees the room for that night; an arrival at 01:00 belongs to the night before), in
 * 24-hour mode each 24 hours from the start; an hourly stay is one span, dated by its start. The departure morning is
 * no night of its own.
 */
export function nightsOf(range: { start: Date; end: Date }, timing: StayRules, hourly: boolean): Night[] {
  const zone = timing.timeZone
  if (hourly) return [{ date: zonedDay(range.start, zone), ...range }]
  const nights: Night[] = []
  const push = (from: number, to: number) => {
    nights.push({
      date: zonedDay(from, zone),
      start: new Date(Math.max(from, range.start.getTime())),
      end: new Date(Math.min(to, range.end.getTime())),
    })
    // One more than the longest stay is enough to say the range is too long; the caller refuses it.
    return nights.length <= timing.maxNights
  }
  if (timing.checkOutMode === '24h') {
    for (let from = range.start.getTime(); from < range.end.getTime(); from += DAY_MS)
      if (!push(from, from + DAY_MS)) break
    return nights
  }
  const [hour, minute] = timing.checkOutTime.split(':').map(Number)
  const checkOutOn = (day: DayText) => {
    const [year, month, date] = day.split('-').map(Number)
    return zonedInstant(
      { year: year!, month: month!, day: date!, hour: hour!, minute: minute! },
      zone,
    ).getTime()
  }
  let day = zonedDay(range.start, zone)
  if (checkOutOn(day) > range.start.getTime()) day = addDays(day, -1)
  for (; checkOutOn(day) < range.end.getTime(); day = addDays(day, 1)) {
    const from = checkOutOn(day)
    if (!push(from, checkOutOn(addDays(day, 1)))) break
  }
  return nights
}

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
  const nights = nightsOf(range, timing, hourly)
  if (nights.length > timing.maxNights)
    throw badRequest('deskChart.nightsRange', ['endTime', timing.maxNights])
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
