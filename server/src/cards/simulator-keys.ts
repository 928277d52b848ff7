// For the bridge's device simulators ONLY, in the embedded demo: what the simulated door locks of the demo hotel must be
// set up with (the card secret cards are sealed with, each lock's PRIVATE_KEY, the rooms). Nothing else may call this:
// a real lock gets these at installation through the server, and the property secret itself never leaves this file.
import { randomBytes } from 'node:crypto'
import { fromHex, lockPrivateKey, propertyCardSecret } from '@pms/protocol'
import type { SqlClient } from '../db/sql-client.ts'

/** The property whose simulated locks the demo bridge installs (seed/demo.ts). */
export const SIMULATED_PROPERTY_CODE = 'DEMO-HOTEL'

export interface SimulatedLockRoom {
  roomId: number
  roomNo: string
  buildingId: number
  floorId: number
}

export interface SimulatorLockKeys {
  propertyId: number
  /** The card sealing secret locks are given at init: propertyCardSecret(property secret). */
  cardSecret: Uint8Array
  sector: number
  sectorNum: number
  authMode: number
  /** Rooms on the first floor of each building of the property. */
  rooms: SimulatedLockRoom[]
  /** PRIVATE_KEY of a lock of this property. */
  lockKey(mac: string): Uint8Array
}

/**
 * Reads (creating on first use, as issuing does) the demo hotel's card key. Refuses anything but the embedded demo
 * database, so a production bridge can never pull a secret out through it. Null when the demo hotel is absent.
 */
export async function simulatorLockKeys(
  sql: SqlClient,
  options: { demo: boolean },
): Promise<SimulatorLockKeys | null> {
  if (!options.demo || sql.kind !== 'pglite') return null
  const [hotel] = (
    await sql.query<{ property_id: number }>(
      'SELECT property_id FROM pms_property WHERE property_code = $1',
      [SIMULATED_PROPERTY_CODE],
    )
  ).rows
  if (!hotel) return null
  const propertyId = Number(hotel.property_id)
  await sql.query(
    'INSERT INTO pms_card_key (property_id, card_secret) VALUES ($1, $2) ON CONFLICT (property_id) DO NOTHING',
    [propertyId, randomBytes(32).toString('hex')],
  )
  const [key] = (
    await sql.query<{ card_secret: string; sector: number; sector_num: number; auth_mode: number }>(
      'SELECT card_secret, sector, sector_num, auth_mode FROM pms_card_key WHERE property_id = $1',
      [propertyId],
    )
  ).rows
  const rooms = (
    await sql.query<{ room_id: number; room_no: string; building_id: number; floor_id: number }>(
      `SELECT r.room_id, r.room_no, r.building_id, r.floor_id FROM pms_room r
         JOIN pms_floor f ON f.floor_id = r.floor_id
        WHERE r.property_id = $1 AND f.floor_no = 1 ORDER BY r.building_id, r.room_no`,
      [propertyId],
    )
  ).rows
  const secret = fromHex(key!.card_secret.trim())
  return {
    propertyId,
    cardSecret: propertyCardSecret(secret),
    sector: Number(key!.sector),
    sectorNum: Number(key!.sector_num),
    authMode: Number(key!.auth_mode),
    rooms: rooms.map((r) => ({
      roomId: Number(r.room_id),
      roomNo: r.room_no,
      buildingId: Number(r.building_id),
      floorId: Number(r.floor_id),
    })),
    lockKey: (mac) => lockPrivateKey(secret, mac),
  }
}
