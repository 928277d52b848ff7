// High-level MIFARE Classic operations on a PN532: set-up, poll for a card, authenticate, read and write
// blocks, write and verify a whole grant, erase a card back to transport keys.
import {
  authCommand,
  BrTy,
  bytesEqual,
  decodeFirmwareVersion,
  decodeInListPassiveTarget,
  decodeStatusResponse,
  type FirmwareVersion,
  firstBlockOf,
  inDataExchangeParams,
  inListPassiveTargetParams,
  type KeyType,
  maxRetriesParams,
  Pn532Command,
  Pn532Status,
  readCommand,
  SamMode,
  samConfigurationParams,
  statusName,
  TRANSPORT_ACCESS,
  TRANSPORT_KEY,
  toHex,
  trailerOf,
  writeCommand,
} from '@pms/protocol/pn532/index'
import { DeviceError } from '../errors.ts'
import type { OperationContext } from '../queue.ts'
import type { Pn532Client } from './client.ts'
import { checkPlan, type MifareWritePlan, type SectorKey } from './grant.ts'

export interface CardInfo {
  uid: string
  sensRes: string
  selRes: number
  /** 'mifare-classic-1k' for SAK 0x08; otherwise the SAK in hex. */
  type: string
}

export interface EncoderOptions {
  /** Passive-activation retries per poll (the PN532 tries 1 + n times, ~ every few ms). Never 0xFF. */
  passiveRetries?: number
}

export const BeepResult = { unsupported: 'unsupported', beeped: 'beeped' } as const
export type BeepResult = (typeof BeepResult)[keyof typeof BeepResult]

export class MifareEncoder {
  private uid: Uint8Array | null = null

  constructor(
    private readonly client: Pn532Client,
    private readonly options: EncoderOptions = {},
  ) {}

  /** Wake-up, SAM normal mode (no SAM), limited passive-activation retries; returns the firmware. */
  async setUp(signal: AbortSignal): Promise<FirmwareVersion> {
    await this.client.wakeUp()
    await this.client.command(Pn532Command.SAMConfiguration, samConfigurationParams(SamMode.normal), {
      signal,
    })
    const firmware = decodeFirmwareVersion(
      await this.client.command(Pn532Command.GetFirmwareVersion, undefined, { signal }),
    )
    const retries = Math.min(this.options.passiveRetries ?? 2, 0xfe)
    await this.client.command(Pn532Command.RFConfiguration, maxRetriesParams(0xff, 0x01, retries), { signal })
    return firmware
  }

  /** Selects the card in the field, or null when there is none. */
  async poll(signal: AbortSignal): Promise<CardInfo | null> {
    const answer = await this.client.command(
      Pn532Command.InListPassiveTarget,
      inListPassiveTargetParams(1, BrTy.typeA106),
      { signal },
    )
    const [target] = decodeInListPassiveTarget(answer)
    this.uid = target ? target.nfcId : null
    if (!target) return null
    return {
      uid: toHex(target.nfcId, ''),
      sensRes: toHex(target.sensRes, ''),
      selRes: target.selRes,
      type:
        target.selRes === 0x08 ? 'mifare-classic-1k' : `sak-${target.selRes.toString(16).padStart(2, '0')}`,
    }
  }

  /** Selects the card and fails with noCard / wrongCard when it is missing or not the expected one. */
  async requireCard(signal: AbortSignal, expectedUid?: Uint8Array): Promise<CardInfo> {
    const card = await this.poll(signal)
    if (!card) throw new DeviceError('noCard')
    if (expectedUid && !bytesEqual(expectedUid, this.uid!)) {
      throw new DeviceError('wrongCard', { expected: toHex(expectedUid, ''), found: card.uid })
    }
    return card
  }

  async authenticate(signal: AbortSignal, block: number, keyType: KeyType, key: Uint8Array): Promise<void> {
    if (!this.uid) throw new DeviceError('noCard')
    await this.exchange(signal, authCommand(keyType, block, key, this.uid), `auth ${keyType} block ${block}`)
  }

  async readBlock(signal: AbortSignal, block: number): Promise<Uint8Array> {
    const data = await this.exchange(signal, readCommand(block), `read block ${block}`)
    if (data.length !== 16)
      throw new DeviceError('protocol', { detail: `read block ${block}: ${data.length} bytes` })
    return data
  }

  async writeBlock(signal: AbortSignal, block: number, data: Uint8Array): Promise<void> {
    await this.exchange(signal, writeCommand(block, data), `write block ${block}`)
  }

  /**
   * Opens a sector with the first key that works. A wrong key halts a real card, so the card is selected
   * again before the next key is tried.
   */
  async openSector(signal: AbortSignal, sector: number, keys: readonly SectorKey[]): Promise<SectorKey> {
    for (const [i, k] of keys.entries()) {
      if (i > 0) await this.requireCard(signal, this.uid ?? undefined)
      try {
        await this.authenticate(signal, trailerOf(sector), k.keyType, k.key)
        return k
      } catch (err) {
        if (!(err instanceof DeviceError) || err.code !== 'authFailed') throw err
      }
    }
    await this.requireCard(signal, this.uid ?? undefined)
    throw new DeviceError('authFailed', { sector, tried: keys.length })
  }

  /** Writes every sector of the plan, then proves it: authenticate with the new key and read back. */
  async writeGrant(ctx: OperationContext, plan: MifareWritePlan): Promise<CardInfo> {
    checkPlan(plan)
    const { signal } = ctx
    const card = await this.requireCard(signal, plan.uid)
    ctx.progress('selected', { uid: card.uid })
    for (const s of plan.sectors) {
      await this.openSector(signal, s.sector, s.currentKeys)
      for (const b of s.blocks) await this.writeBlock(signal, firstBlockOf(s.sector) + b.index, b.data)
      const t = s.trailer
      await this.writeBlock(signal, trailerOf(s.sector), Uint8Array.from([...t.keyA, ...t.access, ...t.keyB]))
      ctx.progress('written', { sector: s.sector })
    }
    for (const s of plan.sectors) {
      const key = s.verifyWith === 'A' ? s.trailer.keyA : s.trailer.keyB
      await this.authenticate(signal, trailerOf(s.sector), s.verifyWith, key).catch((err: unknown) => {
        throw verifyFailed(s.sector, 'new key refused', err)
      })
      for (const b of s.blocks) {
        const back = await this.readBlock(signal, firstBlockOf(s.sector) + b.index)
        if (!bytesEqual(back, b.data)) throw verifyFailed(s.sector, `block ${b.index} differs`)
      }
      ctx.progress('verified', { sector: s.sector })
    }
    return card
  }

  /** Zeroes the data blocks and puts transport keys FFFFFFFFFFFF / FF0780 back, sector by sector. */
  async erase(
    ctx: OperationContext,
    sectors: readonly number[],
    keys: readonly SectorKey[],
  ): Promise<CardInfo> {
    const { signal } = ctx
    const card = await this.requireCard(signal)
    const candidates = [{ keyType: 'A' as const, key: TRANSPORT_KEY }, ...keys]
    for (const sector of sectors) {
      await this.openSector(signal, sector, candidates)
      for (let i = sector === 0 ? 1 : 0; i < 3; i++) {
        await this.writeBlock(signal, firstBlockOf(sector) + i, new Uint8Array(16))
      }
      await this.writeBlock(
        signal,
        trailerOf(sector),
        Uint8Array.from([...TRANSPORT_KEY, ...TRANSPORT_ACCESS, ...TRANSPORT_KEY]),
      )
      ctx.progress('erased', { sector })
    }
    return card
  }

  /** A bare PN532 has no buzzer: say so rather than pretend. */
  beep(): BeepResult {
    return BeepResult.unsupported
  }

  private async exchange(signal: AbortSignal, data: Uint8Array, what: string): Promise<Uint8Array> {
    const answer = await this.client.command(Pn532Command.InDataExchange, inDataExchangeParams(1, data), {
      signal,
    })
    const { status, data: out } = decodeStatusResponse(answer, 'InDataExchange')
    if (status === Pn532Status.ok) return out
    const name = statusName(status)
    if (status === Pn532Status.mifareAuthError)
      throw new DeviceError('authFailed', { step: what, status: name })
    // 0x01 timeout: the card left the field or halted; anything else is an RF or card fault.
    throw new DeviceError('cardError', { step: what, status: name })
  }
}

function verifyFailed(sector: number, detail: string, cause?: unknown): DeviceError {
  return new DeviceError('verifyFailed', { sector, detail }, { cause })
}
