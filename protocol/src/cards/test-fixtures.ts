// Shared fixtures for the card tests: one property secret, one UID, one guest card for room 101.
import { fromHex } from '../format/hex.ts'
import type { CardFields } from './card-fields.ts'
import { CardFlag, CardType } from './card-types.ts'

export const SECRET = fromHex('000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F')
export const OTHER_SECRET = fromHex('1F1E1D1C1B1A191817161514131211100F0E0D0C0B0A09080706050403020100')
export const UID = fromHex('DEADBEEF')

/** A guest card for room 101 of property 1001, valid 2024-05-01 04:00Z to 2024-05-02 04:00Z. */
export const GUEST_101: CardFields = {
  cardType: CardType.GUEST,
  flags: CardFlag.SUPERSEDE,
  propertyId: 1001,
  buildingId: 1,
  floorId: 1,
  roomId: 101,
  validFrom: 1714536000,
  validUntil: 1714622400,
  issueSequence: 7,
  cardNo: 42,
  targetCardNo: 0,
  elevatorFloors: [1, 10],
}
