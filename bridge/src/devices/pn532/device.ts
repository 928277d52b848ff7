// A PN532-based MIFARE encoder as a device: the link (serial or HID) is the subclass's business; the
// operations, card-presence watch and unplug handling are shared.
import { bytesEqual, fromHex, type KeyType, SECTORS_1K } from '@pms/protocol/pn532/index'
import { DeviceBase, type DeviceBaseOptions, type OperationOptions } from '../driver.ts'
import { DeviceError } from '../errors.ts'
import { Pn532Client, type Pn532ClientOptions } from './client.ts'
import { type BeepResult, type CardInfo, type EncoderOptions, MifareEncoder } from './encoder.ts'
import type { MifareWritePlan, SectorKey } from './grant.ts'
import type { ByteLink } from './link.ts'

export interface Pn532DeviceOptions extends DeviceBaseOptions {
  encoder?: EncoderOptions
  client?: Pn532ClientOptions
  /** Poll for card placed/removed every this many ms while idle; 0 turns the watch off. */
  cardWatchMs?: number
}

export abstract class Pn532EncoderDevice extends DeviceBase {
  private link: ByteLink | null = null
  private encoder: MifareEncoder | null = null
  private watchTimer: ReturnType<typeof setInterval> | null = null
  private cardInField: string | null = null

  constructor(private readonly pn532Options: Pn532DeviceOptions) {
    super(pn532Options)
  }

  protected abstract openLink(signal: AbortSignal): Promise<ByteLink>

  protected async connect(signal: AbortSignal): Promise<void> {
    const link = await this.openLink(signal)
    this.link = link
    link.onLost((cause) => this.onLinkLost(cause))
    const encoder = new MifareEncoder(
      new Pn532Client(link, this.pn532Options.client),
      this.pn532Options.encoder,
    )
    const firmware = await encoder.setUp(signal)
    this.encoder = encoder
    this.info = {
      ic: `PN5${firmware.ic.toString(16)}`,
      firmware: `${firmware.version}.${firmware.revision}`,
      beep: false,
    }
    this.startWatch()
  }

  protected async disconnect(): Promise<void> {
    this.stopWatch()
    const link = this.link
    this.link = null
    this.encoder = null
    this.cardInField = null
    await link?.close()
  }

  private onLinkLost(cause: Error): void {
    this.stopWatch()
    this.link = null
    this.encoder = null
    this.lost(new DeviceError('disconnected', { device: this.id, detail: cause.message }))
  }

  private withEncoder<T>(
    name: string,
    fn: (encoder: MifareEncoder, ctx: Parameters<Parameters<DeviceBase['run']>[1]>[0]) => Promise<T>,
    options?: OperationOptions,
  ): Promise<T> {
    return this.run(
      name,
      (ctx) => {
        if (!this.encoder) throw new DeviceError('notOpen', { device: this.id })
        return fn(this.encoder, ctx)
      },
      options,
    )
  }

  /** The card in the field (selected), or null. */
  readCard(options?: OperationOptions): Promise<CardInfo | null> {
    return this.withEncoder('readCard', (e, ctx) => e.poll(ctx.signal), options)
  }

  /** Reads blocks of one sector with an explicit key (the card-test page). */
  readSector(sector: number, keyType: KeyType, key: Uint8Array, options?: OperationOptions) {
    return this.withEncoder(
      'readSector',
      async (e, ctx) => {
        const card = await e.requireCard(ctx.signal)
        await e.authenticate(ctx.signal, sector * 4 + 3, keyType, key)
        const blocks: Uint8Array[] = []
        for (let i = 0; i < 4; i++) blocks.push(await e.readBlock(ctx.signal, sector * 4 + i))
        return { card, blocks }
      },
      options,
    )
  }

  writeBlock(block: number, data: Uint8Array, keyType: KeyType, key: Uint8Array, options?: OperationOptions) {
    return this.withEncoder(
      'writeBlock',
      async (e, ctx) => {
        const card = await e.requireCard(ctx.signal)
        await e.authenticate(ctx.signal, block - (block % 4) + 3, keyType, key)
        await e.writeBlock(ctx.signal, block, data)
        return card
      },
      options,
    )
  }

  /** Writes one block with an explicit key, then reads it back: a different read-back is verifyFailed. */
  writeBlockVerified(
    block: number,
    data: Uint8Array,
    keyType: KeyType,
    key: Uint8Array,
    options?: OperationOptions,
  ) {
    return this.withEncoder(
      'writeBlock',
      async (e, ctx) => {
        const card = await e.requireCard(ctx.signal)
        const sector = Math.floor(block / 4)
        await e.authenticate(ctx.signal, block - (block % 4) + 3, keyType, key)
        await e.writeBlock(ctx.signal, block, data)
        ctx.progress('written', { sector, block: block % 4 })
        const back = await e.readBlock(ctx.signal, block)
        if (!bytesEqual(back, data))
          throw new DeviceError('verifyFailed', { sector, detail: `block ${block % 4} differs` })
        ctx.progress('verified', { sector, block: block % 4 })
        return { card, data: back }
      },
      options,
    )
  }

  /** Writes and verifies a grant; fails (never half-reports success) if the card or device goes away. */
  issue(plan: MifareWritePlan, options?: OperationOptions): Promise<CardInfo> {
    return this.withEncoder('issue', (e, ctx) => e.writeGrant(ctx, plan), { timeoutMs: 5000, ...options })
  }

  /** Back to transport keys; `keys` are the keys the card may have now besides FFFFFFFFFFFF. */
  erase(keys: SectorKey[], sectors?: number[], options?: OperationOptions): Promise<CardInfo> {
    const all = sectors ?? Array.from({ length: SECTORS_1K }, (_, i) => i)
    return this.withEncoder('erase', (e, ctx) => e.erase(ctx, all, keys), { timeoutMs: 10_000, ...options })
  }

  beep(options?: OperationOptions): Promise<BeepResult> {
    return this.withEncoder('beep', async (e) => e.beep(), options)
  }

  private watching = false

  private startWatch(): void {
    const every = this.pn532Options.cardWatchMs ?? 0
    if (every <= 0) return
    this.watchTimer = setInterval(() => {
      // Only when idle and not already polling: the watch must never delay an issue.
      if (this.currentState !== 'ready' || this.watching || this.status().queued > 0) return
      this.watching = true
      this.readCard({ timeoutMs: 2000, background: true })
        .then(
          (card) => this.noteCard(card),
          () => {},
        )
        .finally(() => {
          this.watching = false
        })
    }, every)
  }

  private stopWatch(): void {
    if (this.watchTimer) clearInterval(this.watchTimer)
    this.watchTimer = null
  }

  private noteCard(card: CardInfo | null): void {
    const uid = card?.uid ?? null
    if (uid === this.cardInField) return
    if (this.cardInField) this.emit('card', { deviceId: this.id, present: false, uid: this.cardInField })
    this.cardInField = uid
    if (card) this.emit('card', { deviceId: this.id, present: true, uid: card.uid, type: card.type })
  }
}

export const hexKey = (hex: string): Uint8Array => fromHex(hex)
