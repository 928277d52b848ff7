// Shared arrangements of the card suites: demo ids, the stored secrets, a recorder of every response, grant decoding.
import assert from 'node:assert/strict'
import {
  type CardDecodeResult,
  cardKeyEndTime,
  decodeCard,
  fromHex,
  propertyCardSecret,
  toHex,
} from '@pms/protocol'
import type { CardGrant } from '@pms/protocol/api/card-issue'
import { DEFAULT_TIME_ZONE } from '@pms/protocol/time/zone'
import type supertest from 'supertest'
import { bearer, type TestProduct } from './harness.ts'

export const ISSUE_URL = '/prod-api/pms/pmsProperty/getCardIssuerAuthorization'

export async function demoIds(product: TestProduct) {
  const props = await product.query<{ property_id: number; property_code: string }>(
    'SELECT property_id, property_code FROM pms_property',
  )
  const propertyId = (code: string) => Number(props.find((p) => p.property_code === code)!.property_id)
  const hotel = propertyId('DEMO-HOTEL')
  const apartment = propertyId('DEMO-APT')
  const roomOf = async (propertyId: number, roomNo?: string) => {
    const [row] = await product.query<{ room_id: number; building_id: number; floor_id: number }>(
      `SELECT room_id, building_id, floor_id FROM pms_room WHERE property_id = $1 ${roomNo ? 'AND room_no = $2' : ''}
       ORDER BY room_id LIMIT 1`,
      roomNo ? [propertyId, roomNo] : [propertyId],
    )
    assert.ok(row, `a room ${roomNo ?? ''} in property ${propertyId}`)
    return { roomId: Number(row.room_id), buildingId: Number(row.building_id), floorId: Number(row.floor_id) }
  }
  return {
    hotel,
    apartment,
    room101: await roomOf(hotel, '101'),
    room102: await roomOf(hotel, '102'),
    apartmentRoom: await roomOf(apartment),
  }
}

/** The property's stored secret (hex), read from the database: the API never returns it. */
export async function storedSecret(product: TestProduct, propertyId: number): Promise<string> {
  const [row] = await product.query<{ card_secret: string }>(
    'SELECT card_secret FROM pms_card_key WHERE property_id = $1',
    [propertyId],
  )
  assert.ok(row, `property ${propertyId} has a card secret`)
  return row.card_secret
}

/** Keeps the text of every response, to prove at the end that no secret ever left the server. */
export function responseLog() {
  const bodies: string[] = []
  return {
    bodies,
    async send(request: supertest.Test) {
      const res = await request
      bodies.push(res.text)
      return res
    },
    /** Asserts that no response held a secret, raw or derived, in hex of either case. */
    assertNoSecret(secretsHex: readonly string[]) {
      assert.ok(bodies.length > 0)
      const forms = secretsHex.flatMap((hex) => {
        const derived = toHex(propertyCardSecret(fromHex(hex)))
        return [hex, derived].flatMap((h) => [h.toLowerCase(), h.toUpperCase()])
      })
      for (const body of bodies)
        for (const form of forms) assert.ok(!body.includes(form), 'a response holds a secret')
    },
  }
}

/** Every block a MIFARE grant writes, in order, as bytes. */
export function grantBlocks(grant: CardGrant): Uint8Array[] {
  assert.equal(grant.format, 'mifare')
  if (grant.format !== 'mifare') return []
  return grant.sectors.flatMap((s) => s.blocks.map((b) => fromHex(b)))
}

/** Reads a MIFARE grant's blocks back as a lock holding this property secret would. */
export function decodeGrant(grant: CardGrant, secretHex: string): CardDecodeResult {
  return decodeCard(grantBlocks(grant), propertyCardSecret(fromHex(secretHex)), fromHex(grant.uid))
}

export const auth = (token: string) => ({ ...bearer(token), 'Accept-Language': 'en-US' })

/**
 * A booked stay of `roomId` from `start` to `end` (local 'YYYY-MM-DD hh:mm:ss'), written directly, with a main guest
 * unless `guest` is null: a guest card belongs to a stay. Answers the stay's order room id.
 */
export async function arrangeCardStay(
  product: TestProduct,
  propertyId: number,
  roomId: number,
  start: string,
  end: string,
  guest: string | null = 'Card Guest',
): Promise<number> {
  // Times on the hotel's clock (the demo properties keep the default zone), as the server reads card times.
  const from = new Date(cardKeyEndTime(start, DEFAULT_TIME_ZONE)! * 1000)
  const to = new Date(cardKeyEndTime(end, DEFAULT_TIME_ZONE)! * 1000)
  const [o] = await product.query<{ order_id: string }>(
    `INSERT INTO pms_order (property_id, order_no, order_type, state, reserve_state, check_in_at, check_out_at,
       contact_name, contact_phone)
     VALUES ($1, $2, 'reserve', 'booking', 'reserving', $3, $4, 'Card Guest', '13800138000')
     RETURNING order_id`,
    [propertyId, `CARD${roomId}-${start.slice(0, 10)}`, from, to],
  )
  const [r] = await product.query<{ order_room_id: string; room_type_id: string }>(
    `INSERT INTO pms_order_room (order_id, property_id, room_id, room_type_id, price_cents, stay, state)
     SELECT $1, $2, room_id, room_type_id, 10000, tstzrange($4, $5, '[)'), 'booking'
     FROM pms_room WHERE room_id = $3 RETURNING order_room_id, room_type_id`,
    [Number(o!.order_id), propertyId, roomId, from, to],
  )
  if (guest)
    await product.query(
      `INSERT INTO pms_order_guest (order_id, order_room_id, property_id, name, id_type, phone, main)
       VALUES ($1, $2, $3, $4, 'passport', '13800138000', true)`,
      [Number(o!.order_id), Number(r!.order_room_id), propertyId, guest],
    )
  return Number(r!.order_room_id)
}
