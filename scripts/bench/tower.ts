// The 2,000-room property the room status benchmarks share: a bridge on a fresh data folder (PGlite, or PostgreSQL
// when a database URL is given) where the manager acts in a property of its own holding exactly these rooms.
import type { OpenedServer } from '@pms/server'
import { addRooms, managerProperty, openBench } from './support.ts'

export const ROOMS = 2000

/** A bridge with a property of 2,000 rooms for the manager (2 towers × 50 floors × 20, a realistic state mix). */
export async function arrangeTower(databaseUrl?: string, webRoot?: string) {
  const bench = await openBench('room-status', databaseUrl, webRoot)
  const { desk, must, roomIds } = await addTower(bench.server, bench.baseUrl)
  return { app: bench.app, baseUrl: bench.baseUrl, desk, must, roomIds, close: bench.close }
}

/**
 * Adds the 2,000-room property to a running bridge for the manager (signed in on the returned client) and makes it
 * the manager's default, so the chart holds exactly these rooms.
 */
export async function addTower(server: OpenedServer, baseUrl: string) {
  const { propertyId, desk, must, sql } = await managerProperty(server, baseUrl, 'Bench Tower', 'BENCH-2000')
  // Two towers of 50 floors × 20 rooms, four room types, through the bulk API.
  await addRooms(
    must,
    ['Standard', 'Deluxe', 'Twin', 'Suite'].map((typeName) => ({ typeName, dailyPrice: 30000 })),
    ['North', 'South'].map((buildingName, b) => ({
      buildingName,
      roomsPerFloor: 20,
      blocks: [
        [1, 25, b * 2],
        [26, 50, b * 2 + 1],
      ],
    })),
  )
  const roomIds = (
    await sql<{ room_id: number }>('SELECT room_id FROM pms_room WHERE property_id = $1 ORDER BY room_id', [
      propertyId,
    ])
  ).map((r) => Number(r.room_id))
  if (roomIds.length !== ROOMS) throw new Error(`expected ${ROOMS} rooms, made ${roomIds.length}`)
  // A realistic mix: occupied, part occupied, dirty, locked and under maintenance rooms.
  const mix: Array<[string, number, number]> = [
    ['full', 0, 900],
    ['notFull', 900, 1000],
    ['dirty', 500, 800],
    ['locked', 1900, 1950],
    ['maintain', 1950, 1970],
  ]
  for (const [state, from, to] of mix)
    await must('PUT', '/pms/pmsRoom/state', {
      roomIds: roomIds.slice(from, to),
      state,
      value: true,
      // Locking a room or taking it out for maintenance needs a reason.
      ...(state === 'locked' || state === 'maintain' ? { reason: 'bench' } : {}),
    })
  return { desk, must, roomIds }
}
