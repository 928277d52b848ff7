// What the encoder writes to a MIFARE Classic card: per sector, the keys that open it now, the data
// blocks, and the trailer with the new keys. The HTTP layer builds this from the server's grant.
import { BLOCK_SIZE, KEY_SIZE, type KeyType, SECTORS_1K } from '@pms/protocol/pn532/index'
import { DeviceError } from '../errors.ts'

export interface SectorKey {
  keyType: KeyType
  key: Uint8Array
}

export interface SectorWrite {
  sector: number
  /** Keys to try, in order, to open the sector as it is now (transport key, a previous issue's key). */
  currentKeys: SectorKey[]
  /** Data blocks by index inside the sector (0..2); block 0 of sector 0 is the manufacturer block. */
  blocks: { index: number; data: Uint8Array }[]
  /** The new trailer: key A, access bits + GPB (4 bytes), key B. */
  trailer: { keyA: Uint8Array; access: Uint8Array; keyB: Uint8Array }
  /** The key that must open the sector after writing: the verify step authenticates with it. */
  verifyWith: KeyType
}

export interface MifareWritePlan {
  /** When set, the card on the encoder must have this UID (the server derived the keys from it). */
  uid?: Uint8Array
  sectors: SectorWrite[]
}

export function checkPlan(plan: MifareWritePlan): void {
  const bad = (detail: string) => new DeviceError('cardError', { detail })
  if (plan.sectors.length === 0) throw bad('no sector to write')
  for (const s of plan.sectors) {
    if (!Number.isInteger(s.sector) || s.sector < 0 || s.sector >= SECTORS_1K) throw bad(`sector ${s.sector}`)
    if (s.currentKeys.length === 0) throw bad(`sector ${s.sector}: no current key`)
    for (const k of s.currentKeys) if (k.key.length !== KEY_SIZE) throw bad(`sector ${s.sector}: key length`)
    for (const b of s.blocks) {
      if (!Number.isInteger(b.index) || b.index < 0 || b.index > 2)
        throw bad(`sector ${s.sector}: block ${b.index}`)
      if (s.sector === 0 && b.index === 0) throw bad('block 0 is the manufacturer block')
      if (b.data.length !== BLOCK_SIZE) throw bad(`sector ${s.sector}: block ${b.index} length`)
    }
    const t = s.trailer
    if (t.keyA.length !== KEY_SIZE || t.keyB.length !== KEY_SIZE || t.access.length !== 4) {
      throw bad(`sector ${s.sector}: trailer`)
    }
  }
}
