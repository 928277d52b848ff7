// Ready-made write plans and keys for tests, the benchmark and the simulator demo.
import { encodeAccessBits, fromHex, type KeyType, TRANSPORT_KEY } from '@pms/protocol/pn532/index'
import type { MifareWritePlan, SectorKey } from '../pn532/grant.ts'

/** Data blocks free with either key; trailer keys rewritable only with key B (7F 07 88, GPB 69). */
export const KEY_B_MANAGED_ACCESS = Uint8Array.of(...encodeAccessBits([0, 0, 0, 0b011]), 0x69)

export const transportKey = (keyType: KeyType = 'A'): SectorKey => ({ keyType, key: TRANSPORT_KEY })

/** A one-sector plan: three data blocks filled with `fill`, new keys A/B, verified with key B. */
export function oneSectorPlan(
  sector: number,
  keys: { keyA: string; keyB: string },
  fill: number,
  currentKeys: SectorKey[] = [transportKey()],
  uid?: Uint8Array,
): MifareWritePlan {
  return {
    uid,
    sectors: [
      {
        sector,
        currentKeys,
        blocks: [0, 1, 2].map((index) => ({ index, data: new Uint8Array(16).fill((fill + index) & 0xff) })),
        trailer: { keyA: fromHex(keys.keyA), access: KEY_B_MANAGED_ACCESS, keyB: fromHex(keys.keyB) },
        verifyWith: 'B',
      },
    ],
  }
}
