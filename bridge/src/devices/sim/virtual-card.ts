// A virtual MIFARE Classic 1K card: 16 sectors × 4 blocks, manufacturer block, sector trailers with keys
// and access bits, and the authentication state of a real card (a wrong key or a refused access halts it).
import {
  type AccessConditions,
  BLOCK_SIZE,
  bytesEqual,
  canReadData,
  canWriteData,
  decodeAccessBits,
  isTrailer,
  type KeyType,
  sectorOf,
  TRANSPORT_ACCESS,
  TRANSPORT_KEY,
  trailerOf,
  trailerRights,
} from '@pms/protocol/pn532/index'

export const BLOCKS_1K = 64
/** ATQA and SAK of a MIFARE Classic 1K, as InListPassiveTarget reports them. */
export const MIFARE_1K_SENS_RES = Uint8Array.of(0x00, 0x04)
export const MIFARE_1K_SEL_RES = 0x08

/** What a card answers: data, an ACK, or nothing/NAK (which the PN532 turns into a status byte). */
export type CardAnswer =
  | { ok: true; data?: Uint8Array }
  | { ok: false; reason: 'authFailed' | 'denied' | 'halted' }

export class VirtualMifareCard {
  readonly uid: Uint8Array
  private readonly blocks: Uint8Array[]
  private session: { sector: number; key: KeyType } | null = null
  private halted = false

  constructor(uid: Uint8Array) {
    if (uid.length !== 4) throw new RangeError('a MIFARE Classic 1K has a 4-byte UID')
    this.uid = uid.slice()
    this.blocks = Array.from({ length: BLOCKS_1K }, () => new Uint8Array(BLOCK_SIZE))
    const bcc = uid.reduce((x, b) => x ^ b, 0)
    this.blocks[0].set([...uid, bcc, MIFARE_1K_SEL_RES, ...MIFARE_1K_SENS_RES.slice().reverse()])
    this.blocks[0].set([0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69], 8)
    for (let s = 0; s < 16; s++)
      this.blocks[trailerOf(s)].set([...TRANSPORT_KEY, ...TRANSPORT_ACCESS, ...TRANSPORT_KEY])
  }

  /** A card with a UID derived from a number, for demo sets and tests. */
  static withSerial(n: number): VirtualMifareCard {
    return new VirtualMifareCard(Uint8Array.of(0x04 ^ (n >> 24), (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff))
  }

  /** REQA/WUPA + anticollision + select: a halted card answers WUPA again. */
  select(): void {
    this.session = null
    this.halted = false
  }

  get isHalted(): boolean {
    return this.halted
  }

  authenticate(key: KeyType, block: number, keyBytes: Uint8Array, uid4: Uint8Array): CardAnswer {
    if (this.halted) return { ok: false, reason: 'halted' }
    if (block >= BLOCKS_1K || !bytesEqual(uid4, this.uid)) return this.halt('authFailed')
    const trailer = this.blocks[trailerOf(sectorOf(block))]
    const stored = key === 'A' ? trailer.subarray(0, 6) : trailer.subarray(10, 16)
    if (!bytesEqual(stored, keyBytes)) return this.halt('authFailed')
    this.session = { sector: sectorOf(block), key }
    return { ok: true }
  }

  read(block: number): CardAnswer {
    const c = this.check(block)
    if (!c) return this.halt('denied')
    const { conditions, key } = c
    if (!isTrailer(block)) {
      return conditions && canReadData(conditions, block % 4, key)
        ? { ok: true, data: this.blocks[block].slice() }
        : this.halt('denied')
    }
    // Key A never reads back; access bits and key B only where the conditions allow.
    const stored = this.blocks[block]
    const out = new Uint8Array(BLOCK_SIZE)
    const rights = conditions ? trailerRights(conditions, key) : null
    if (rights?.readAccess) out.set(stored.subarray(6, 10), 6)
    if (rights?.readKeyB) out.set(stored.subarray(10, 16), 10)
    return { ok: true, data: out }
  }

  write(block: number, data: Uint8Array): CardAnswer {
    const c = this.check(block)
    if (!c || data.length !== BLOCK_SIZE || block === 0) return this.halt('denied')
    const { conditions, key } = c
    if (!isTrailer(block)) {
      if (!conditions || !canWriteData(conditions, block % 4, key)) return this.halt('denied')
      this.blocks[block].set(data)
      return { ok: true }
    }
    if (!conditions) return this.halt('denied')
    const rights = trailerRights(conditions, key)
    if (!rights.writeKeyA && !rights.writeAccess && !rights.writeKeyB) return this.halt('denied')
    // Each part of the trailer changes only where the current conditions allow it, as on a real card.
    const stored = this.blocks[block]
    if (rights.writeKeyA) stored.set(data.subarray(0, 6), 0)
    if (rights.writeAccess) stored.set(data.subarray(6, 10), 6)
    if (rights.writeKeyB) stored.set(data.subarray(10, 16), 10)
    return { ok: true }
  }

  /** The raw memory, keys included: for tests and the simulator's inspector, never for a reader. */
  dump(): Uint8Array[] {
    return this.blocks.map((b) => b.slice())
  }

  /** Raw memory write, bypassing keys: for building test fixtures only. */
  poke(block: number, data: Uint8Array): void {
    this.blocks[block].set(data)
  }

  private check(block: number): { conditions: AccessConditions | null; key: KeyType } | null {
    if (this.halted || !this.session || block >= BLOCKS_1K || sectorOf(block) !== this.session.sector)
      return null
    const trailer = this.blocks[trailerOf(this.session.sector)]
    return { conditions: decodeAccessBits(trailer.subarray(6, 9)), key: this.session.key }
  }

  private halt(reason: 'authFailed' | 'denied'): CardAnswer {
    this.session = null
    this.halted = true
    return { ok: false, reason }
  }
}
