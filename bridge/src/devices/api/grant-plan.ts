// The server's card grant → what a driver does with it: a MIFARE write plan for the PN532, a lock request for BLE add-card.
import { type CardType, fromHex, isCardType, type LockRequest } from '@pms/protocol'
import type { CardGrant } from '@pms/protocol/api/card-issue'
import { DeviceError } from '../errors.ts'
import type { MifareWritePlan, SectorKey } from '../pn532/grant.ts'

type MifareGrant = Extract<CardGrant, { format: 'mifare' }>

const bad = (detail: string) => new DeviceError('cardError', { detail })

function anyHex(text: unknown, what: string): Uint8Array {
  if (typeof text !== 'string' || text.length % 2 !== 0) throw bad(`${what}: not hex`)
  try {
    return fromHex(text)
  } catch {
    throw bad(`${what}: not hex`)
  }
}

function hexOf(text: unknown, bytes: number, what: string): Uint8Array {
  const out = anyHex(text, what)
  if (out.length !== bytes) throw bad(`${what}: ${out.length} bytes, expected ${bytes}`)
  return out
}

/**
 * A MIFARE grant as a write plan. Each sector opens with the transport key (blank card), then the grant's key B (the
 * same card issued before: keys are derived from the UID), then any extra keys; it is verified with the key readers
 * use (authMode 0 = A, 1 = B). The trailer the server sealed must carry the grant's keys, or the grant is refused.
 */
export function mifareGrantPlan(grant: MifareGrant, extraKeys: readonly SectorKey[] = []): MifareWritePlan {
  if (grant.sectors.length === 0) throw bad('grant has no sector')
  const uid = anyHex(grant.uid, 'uid')
  if (uid.length !== 4 && uid.length !== 7) throw bad(`uid of ${uid.length} bytes`)
  return {
    uid,
    sectors: grant.sectors.map((s) => {
      if (s.blocks.length !== 4) throw bad(`sector ${s.sector}: ${s.blocks.length} blocks, expected 4`)
      const keyA = hexOf(s.keyA, 6, `sector ${s.sector} key A`)
      const keyB = hexOf(s.keyB, 6, `sector ${s.sector} key B`)
      const trailer = hexOf(s.blocks[3]!, 16, `sector ${s.sector} trailer`)
      if (keyA.some((b, i) => b !== trailer[i]) || keyB.some((b, i) => b !== trailer[10 + i]))
        throw bad(`sector ${s.sector}: trailer keys differ from the grant's keys`)
      return {
        sector: s.sector,
        currentKeys: [
          { keyType: 'A' as const, key: hexOf(s.transportKey, 6, `sector ${s.sector} transport key`) },
          { keyType: 'B' as const, key: keyB },
          ...extraKeys,
        ],
        blocks: [0, 1, 2].map((index) => ({
          index,
          data: hexOf(s.blocks[index]!, 16, `sector ${s.sector} block ${index}`),
        })),
        trailer: { keyA, access: trailer.slice(6, 10), keyB },
        verifyWith: grant.authMode === 1 ? ('B' as const) : ('A' as const),
      }
    }),
  }
}

/** The plan for any grant the PN532 can write; a CPU card file needs an ISO 14443-4 encoder, which no driver here is. */
export function grantPlan(grant: CardGrant, extraKeys: readonly SectorKey[] = []): MifareWritePlan {
  switch (grant.format) {
    case 'mifare':
      return mifareGrantPlan(grant, extraKeys)
    case 'cpu':
      throw new DeviceError('unsupported', { operation: 'issue', detail: 'CPU card' })
    default:
      throw bad('unknown grant format')
  }
}

/** BLE add-card: the lock vouches for a card by UID (a card the lock cannot read, or a phone credential). */
export function addCardRequest(body: {
  uid: string
  cardType: number
  validFrom: number
  validUntil: number
}): Extract<LockRequest, { command: 'addCard' }> {
  const uid = anyHex(body.uid, 'uid')
  if (uid.length < 4 || uid.length > 10) throw bad(`uid of ${uid.length} bytes`)
  if (!isCardType(body.cardType)) throw bad(`card type ${body.cardType}`)
  if (body.validUntil < body.validFrom) throw bad('validUntil before validFrom')
  return {
    command: 'addCard',
    uid,
    cardType: body.cardType as CardType,
    validFrom: body.validFrom,
    validUntil: body.validUntil,
  }
}
