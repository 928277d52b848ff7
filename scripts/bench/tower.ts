// The 2,000-room property the room status benchmarks share: a bridge on a fresh data folder (PGlite, or PostgreSQL
// when a database URL is given) where the manager acts in a property of its own holding exactly these rooms.
import type { OpenedServer } from '@pms/server'
import { buildBridgeApp } from '../../bridge/src/app.ts'
import { listenOnFreePort, makeTempDir, testConfig } from '../../bridge/src/testing.ts'
import { bridgeClient } from '../../test/devices/bridge-client.ts'

export const ROOMS = 2000

/** A bridge with a property of 2,000 rooms for the manager (2 towers × 50 floors × 20, a realistic state mix). */
export async function arrangeTower(databaseUrl?: string, webRoot?: string) {
  const dir = makeTempDir('pms-bench-room-status-')
  const app = await buildBridgeApp({
    config: testConfig(dir.path),
    ...(webRoot ? { webRoot } : {}),
    env: databaseUrl ? { DATABASE_URL: databaseUrl, PMS_DEMO: 'true' } : {},
  })
  const port = await listenOnFreePort(app)
  const baseUrl = `http://127.0.0.1:${port}`
  const { desk, must, roomIds } = await addTower(app.bridge.server as OpenedServer, baseUrl)
  return {
    app,
    baseUrl,
    desk,
    must,
    roomIds,
    async close() {
      await app.close()
      dir.remove()
    },
  }
}

/**
 * Adds the 2,000-room property to a running bridge for the manager (signed in on the returned client) and makes it
 * the manager's default, so the chart holds exactly these rooms.
 */
export async function addTower(server: OpenedServer, baseUrl: string) {
  const sql = async <T>(text: string, params?: unknown[]) =>
    (await server.sql.query(text, params)).rows as T[]
  // A property of its own for the manager, so the chart holds exactly the 2,000 rooms made below.
  const [property] = await sql<{ property_id: number }>(
    `INSERT INTO pms_property (property_name, property_code, auth_state) VALUES ('Bench Tower', 'BENCH-2000', 2)
     RETURNING property_id`,
  )
  const propertyId = Number(property!.property_id)
  await sql(
    `INSERT INTO pms_property_user (property_id, user_id, role_id, is_admin)
     SELECT $1, pu.user_id, pu.role_id, pu.is_admin FROM pms_property_user pu
     JOIN sys_user u ON u.user_id = pu.user_id JOIN pms_property p ON p.property_id = pu.property_id
     WHERE u.user_name = 'manager' AND p.property_code = 'DEMO-HOTEL'`,
    [propertyId],
  )
  await sql(`UPDATE sys_user SET default_property_id = $1 WHERE user_name = 'manager'`, [propertyId])

  const desk = bridgeClient(baseUrl)
  await desk.signIn('manager')
  const must = async (method: string, path: string, body?: unknown) => {
    const res = await desk.call(method, `/prod-api${path}`, body)
    if (res.code !== 200) throw new Error(`${method} ${path}: ${res.msg}`)
    return res.data
  }
  // Two towers of 50 floors × 20 rooms, four room types, through the bulk API.
  const types = []
  for (const typeName of ['Standard', 'Deluxe', 'Twin', 'Suite'])
    types.push((await must('POST', '/pms/pmsRoomType', { typeName, dailyPrice: 30000 })).roomTypeId)
  for (const [b, buildingName] of ['North', 'South'].entries()) {
    const { buildingId } = await must('POST', '/pms/pmsBuilding', { buildingName })
    for (const half of [0, 1])
      await must('POST', '/pms/pmsRoom/bulk', {
        buildingId,
        floorFrom: 1 + half * 25,
        floorTo: 25 + half * 25,
        roomFrom: 1,
        roomTo: 20,
        roomTypeId: types[b * 2 + half],
        pattern: `${buildingName[0]}{floor}{room}`,
      })
  }
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
