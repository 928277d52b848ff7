// Simulate mode's hardware: a PN532 on a simulated serial port with a tray of blank virtual cards (one on the encoder),
// and one simulated BLE v3 lock per demo room, installed with the demo hotel's card secret when the bridge knows it.
import {
  BLE_LOCK_NOTIFY_UUID,
  BLE_LOCK_SERVICE_UUID,
  BLE_LOCK_WRITE_UUID,
  lockInitKey,
  toHex,
} from '@pms/protocol'
import type { PortSetting } from '@pms/protocol/api/bridge-devices'
import { lockCommand } from '../ble/lock-client.ts'
import { SimulatedBleTransport } from '../ble/sim-transport.ts'
import { BleLockDevice } from '../ble-lock.ts'
import { DeviceError } from '../errors.ts'
import { type PresentResult, SimulatedBleLock } from '../sim/ble-lock.ts'
import { SimulatedPn532 } from '../sim/pn532.ts'
import { SimulatedSerialBus } from '../sim/serial-bus.ts'
import { VirtualMifareCard } from '../sim/virtual-card.ts'
import { type DeviceSource, serialPn532Source, staticSource } from '../sources.ts'

export const SIM_ENCODER_PATH = '/dev/ttySIM0'
/**
 * A second PN532 board, on a USB-serial chip the bridge does not recognise (an STM32 virtual COM port): not opened until
 * the port settings make it a card reader, with a card of its own lying on it.
 */
export const SIM_READER_PATH = '/dev/ttySIM1'
export const BLE_LOCK_PROFILE = {
  service: BLE_LOCK_SERVICE_UUID,
  write: BLE_LOCK_WRITE_UUID,
  notify: BLE_LOCK_NOTIFY_UUID,
}
/** Rooms a simulated lock stands in when the bridge has no room list (proxy mode). */
export const DEFAULT_SIM_ROOMS = Array.from({ length: 10 }, (_, i) => `${101 + i}`)

export interface SimRoom {
  roomNo: string
  roomId: number
  buildingId: number
  floorId: number
}

/** What installs the locks: the demo property's card secret and lock keys (embedded demo only). */
export interface SimInstallation {
  propertyId: number
  cardSecret: Uint8Array
  sector: number
  sectorNum: number
  lockKey(mac: string): Uint8Array
}

export interface SimulatorOptions {
  /** Modelled serial line; 115200 like a real PN532 board, null for instant delivery. */
  wireBaudRate?: number | null
  trayCards?: number
  /** Rooms with a lock; without an installation the locks stay factory-fresh. */
  rooms: SimRoom[]
  installation?: SimInstallation
  cardWatchMs?: number
}

interface SimLock {
  room: SimRoom
  lock: SimulatedBleLock
  device: BleLockDevice
  /** Seconds added to the host clock: how the sim controls move a lock's clock. */
  skew: number
}

/** A lock's MAC in the simulator: C0DE + the room id, so it is stable across restarts. */
export const simLockMac = (room: SimRoom, index: number) =>
  `C0DE${(room.roomId || 0x10000 + index).toString(16).toUpperCase().padStart(8, '0')}`

export class SimulatedHardware {
  readonly bus = new SimulatedSerialBus()
  readonly chip = new SimulatedPn532()
  readonly readerChip = new SimulatedPn532()
  readonly radio = new SimulatedBleTransport()
  readonly installation?: SimInstallation
  private readonly cards = new Map<string, VirtualMifareCard>()
  private readonly locks = new Map<string, SimLock>()
  private serial = 0x1000

  constructor(private readonly options: SimulatorOptions) {
    this.installation = options.installation
    this.bus.addPort(SIM_ENCODER_PATH, this.chip, { wireBaudRate: options.wireBaudRate ?? 115200 })
    this.bus.addPort(SIM_READER_PATH, this.readerChip, {
      wireBaudRate: options.wireBaudRate ?? 115200,
      vendorId: '0483',
      productId: '5740',
    })
    options.rooms.forEach((room, i) => {
      const mac = simLockMac(room, i)
      const entry: SimLock = {
        room,
        skew: 0,
        lock: new SimulatedBleLock({
          mac,
          name: `PMSL-${room.roomNo}`,
          clock: () => Math.floor(Date.now() / 1000) + entry.skew,
        }),
        device: new BleLockDevice({ mac, transport: this.radio, profile: BLE_LOCK_PROFILE, simulated: true }),
      }
      this.radio.add(entry.lock)
      this.locks.set(room.roomNo, entry)
    })
    for (let i = 0; i < (options.trayCards ?? 4); i++) this.newCard()
    const first = this.cards.values().next().value
    if (first) this.chip.placeCard(first)
    this.readerChip.placeCard(VirtualMifareCard.withSerial(0x0fff))
  }

  /** The device sources the registry scans in simulate mode; `settings` are the port settings of bridge.json. */
  sources(settings?: () => readonly PortSetting[]): DeviceSource[] {
    return [
      serialPn532Source({
        binding: this.bus.binding,
        simulated: true,
        cardWatchMs: this.options.cardWatchMs ?? 300,
        settings,
      }),
      staticSource('ble-lock', () => [...this.locks.values()].map((l) => l.device)),
    ]
  }

  /** Installs every lock over the real BLE protocol (init under INIT_KEY), when the property's keys are known. */
  async installLocks(): Promise<void> {
    const inst = this.installation
    if (!inst) return
    for (const { room, lock, device } of this.locks.values()) {
      if (lock.initialised) continue
      await device.open()
      await lockCommand(device, lockInitKey(lock.mac), {
        command: 'init',
        privateKey: inst.lockKey(lock.mac),
        cardSecret: inst.cardSecret,
        propertyId: inst.propertyId,
        buildingId: room.buildingId,
        floorId: room.floorId,
        roomId: room.roomId,
        time: Math.floor(Date.now() / 1000),
      })
    }
  }

  /** The key the bridge uses for a simulated lock it installed; undefined otherwise. */
  knownLockKey(mac: string): Uint8Array | undefined {
    const entry = [...this.locks.values()].find((l) => l.lock.mac === mac)
    return entry?.lock.initialised && this.installation ? this.installation.lockKey(mac) : undefined
  }

  roomOfMac(mac: string): string | undefined {
    return [...this.locks.values()].find((l) => l.lock.mac === mac)?.room.roomNo
  }

  newCard(): VirtualMifareCard {
    const card = VirtualMifareCard.withSerial(this.serial++)
    this.cards.set(toHex(card.uid), card)
    return card
  }

  listCards(): { uid: string; onEncoder: boolean }[] {
    const onEncoder = this.chip.cardInField
    return [...this.cards.entries()].map(([uid, card]) => ({ uid, onEncoder: card === onEncoder }))
  }

  card(uid: string): VirtualMifareCard {
    const card = this.cards.get(uid.toUpperCase())
    if (!card) throw new DeviceError('notFound', { device: `card ${uid}` })
    return card
  }

  /** Puts a card on the encoder; the one there before goes back to the tray. */
  place(uid: string): void {
    this.chip.placeCard(this.card(uid))
  }

  remove(uid: string): void {
    const card = this.card(uid)
    if (this.chip.cardInField === card) this.chip.removeCard()
  }

  unplugEncoder(): void {
    this.bus.unplug(SIM_ENCODER_PATH)
  }

  replugEncoder(): void {
    this.bus.replug(SIM_ENCODER_PATH)
  }

  lock(roomNo: string): SimLock {
    const entry = this.locks.get(roomNo)
    if (!entry) throw new DeviceError('notFound', { device: `lock ${roomNo}` })
    return entry
  }

  listLocks() {
    return [...this.locks.values()].map(({ room, lock }) => ({
      roomNo: room.roomNo,
      roomId: room.roomId,
      mac: lock.mac,
      initialised: lock.initialised,
      time: lock.now(),
    }))
  }

  /** Holds a virtual card to a lock's reader: the reader sees the UID and the property's sectors. */
  present(roomNo: string, uid: string): PresentResult {
    const { lock } = this.lock(roomNo)
    const card = this.card(uid)
    const first = this.installation?.sector ?? 1
    const count = this.installation?.sectorNum ?? 2
    const blocks = card.dump().slice(first * 4, (first + count) * 4)
    return lock.presentCard({ uid: card.uid, blocks })
  }

  /** The lock walks out of the adapter's reach (scans miss it, connections drop) or comes back. */
  setInReach(roomNo: string, inReach: boolean): void {
    const { lock } = this.lock(roomNo)
    if (inReach) this.radio.add(lock)
    else this.radio.remove(lock.mac)
  }

  /** Moves a lock's clock to `time` (unix seconds) without touching the host clock. */
  setLockClock(roomNo: string, time: number): number {
    const entry = this.lock(roomNo)
    entry.skew += time - entry.lock.now()
    return entry.lock.now()
  }
}
