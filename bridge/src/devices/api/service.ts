// The device layer of a running bridge: decides simulate mode, builds the sources and the registry, installs the
// simulated locks, and finds BLE locks for the API (the simulator's radio, or noble loaded on first use).
import type { PortSetting } from '@pms/protocol/api/bridge-devices'
import type { OpenedServer } from '@pms/server'
import type { BindingInterface } from '@serialport/bindings-interface'
import { saveDevicePorts } from '../../config.ts'
import { loadNobleTransport, type NobleLoad } from '../ble/noble-transport.ts'
import type { BleTransport } from '../ble/transport.ts'
import { BleLockDevice, bleAdapterSource } from '../ble-lock.ts'
import { DeviceError } from '../errors.ts'
import { hidEncoderSource } from '../hid-encoder.ts'
import { DeviceRegistry } from '../registry.ts'
import { type DeviceSource, serialPn532Source } from '../sources.ts'
import { BLE_LOCK_PROFILE, DEFAULT_SIM_ROOMS, type SimRoom, SimulatedHardware } from './simulate.ts'

export interface DeviceServiceOptions {
  simulate: boolean | 'auto'
  /** The in-process server and whether it holds the embedded demo: only then do simulated locks get installed. */
  server?: OpenedServer
  demo: boolean
  /** Simulator tuning (tests, the benchmark). */
  simulator?: { wireBaudRate?: number | null; cardWatchMs?: number; rescanMs?: number }
  /** The port settings as loaded, and the configuration file they are saved to. */
  ports?: { configFile: string; settings: PortSetting[] }
}

export interface DeviceService {
  readonly simulate: boolean
  readonly registry: DeviceRegistry
  readonly sim?: SimulatedHardware
  /**
   * Resolves once the simulated locks are installed (at once without a simulator), starting it when it has not yet. The
   * start does not wait for it — the bridge answers its health and the desk meanwhile — but every device route does
   * (deviceApi's onRequest hook), as does `lock`, so no caller ever meets a lock not yet installed.
   */
  readonly ready: Promise<void>
  /** A connected lock by MAC (12 upper-case hex digits). */
  lock(mac: string): Promise<BleLockDevice>
  radio(): Promise<BleTransport>
  /** The serial binding ports are opened with: the simulator's bus, or undefined for the native one. */
  readonly serialBinding?: BindingInterface
  portSettings(): readonly PortSetting[]
  /** The configuration file port settings are kept in. */
  readonly portsFile?: string
  /** Keeps the settings in the configuration file, then rescans: a port set differently reopens as set. */
  savePortSettings(settings: PortSetting[]): Promise<void>
  close(): Promise<void>
}

/** Real card encoders and readers: PN532 boards on serial ports, HID encoders (node-hid loaded lazily). */
const encoderSources = (settings: () => readonly PortSetting[]): DeviceSource[] => [
  serialPn532Source({ cardWatchMs: 500, settings }),
  hidEncoderSource({ cardWatchMs: 500 }),
]

/** 'auto' simulates when no encoder is plugged in (a missing serial or HID library counts as none). */
async function hardwarePresent(settings: () => readonly PortSetting[]): Promise<boolean> {
  for (const source of encoderSources(settings)) {
    const found = await source.scan().catch(() => null)
    if (found?.available && found.found.length > 0) return true
  }
  return false
}

async function simulatedRooms(options: DeviceServiceOptions) {
  if (options.server && options.demo) {
    const { simulatorLockKeys } = await import('@pms/server/cards/simulator-keys')
    const keys = await simulatorLockKeys(options.server.sql, { demo: options.demo })
    if (keys) return { rooms: keys.rooms as SimRoom[], installation: keys }
  }
  const rooms: SimRoom[] = DEFAULT_SIM_ROOMS.map((roomNo) => ({
    roomNo,
    roomId: 0,
    buildingId: 0,
    floorId: 0,
  }))
  return { rooms, installation: undefined }
}

/** How long after the start the simulated locks are installed unasked. */
const INSTALL_AFTER_MS = 1000

export async function startDeviceService(options: DeviceServiceOptions): Promise<DeviceService> {
  let portSettings: readonly PortSetting[] = options.ports?.settings ?? []
  const settings = () => portSettings
  const simulate = options.simulate === 'auto' ? !(await hardwarePresent(settings)) : options.simulate
  let sim: SimulatedHardware | undefined
  if (simulate) {
    const { rooms, installation } = await simulatedRooms(options)
    sim = new SimulatedHardware({
      rooms,
      installation,
      wireBaudRate: options.simulator?.wireBaudRate,
      cardWatchMs: options.simulator?.cardWatchMs,
    })
  }
  // noble is imported once, on first use: by the BLE kind's scan on real hardware, or by a lock call.
  let noble: Promise<NobleLoad> | undefined
  const loadNoble = () => {
    noble ??= loadNobleTransport()
    return noble
  }
  const registry = new DeviceRegistry({
    sources: sim ? sim.sources(settings) : [...encoderSources(settings), bleAdapterSource(loadNoble)],
    rescanMs: options.simulator?.rescanMs ?? (sim ? 500 : 2000),
  })
  await registry.start()
  // Installing every demo room's lock derives keys in JavaScript (≈ 0.1–0.3 s of a second start's CPU): not before the
  // bridge answers. It starts on the first device call, or a second after the start, whichever comes first.
  let installing: Promise<void> | undefined
  const install = () => {
    installing ??= sim ? sim.installLocks() : Promise.resolve()
    // A failed install fails every device call that waits for it, not the process as an unhandled rejection.
    installing.catch(() => {})
    return installing
  }
  const unasked = sim ? setTimeout(install, INSTALL_AFTER_MS).unref() : undefined
  if (!sim) install()

  const realLocks = new Map<string, BleLockDevice>()
  const radio = async (): Promise<BleTransport> => {
    if (sim) return sim.radio
    const load = await loadNoble()
    if (!load.ok) throw load.reason
    return load.transport
  }
  return {
    simulate,
    registry,
    sim,
    get ready() {
      return install()
    },
    radio,
    serialBinding: sim?.bus.binding,
    portSettings: settings,
    portsFile: options.ports?.configFile,
    async savePortSettings(next) {
      if (!options.ports) throw new Error('no configuration file to keep port settings in')
      saveDevicePorts(options.ports.configFile, next)
      portSettings = next
      await registry.rescan()
    },
    async lock(mac) {
      await install()
      const known = registry.get(`ble-lock:${mac}`)
      const device = (known as BleLockDevice | undefined) ?? realLocks.get(mac)
      if (device) {
        await device.open()
        return device
      }
      if (sim) throw new DeviceError('notFound', { device: mac })
      const created = new BleLockDevice({ mac, transport: await radio(), profile: BLE_LOCK_PROFILE })
      realLocks.set(mac, created)
      await created.open()
      return created
    },
    async close() {
      clearTimeout(unasked)
      await installing?.catch(() => {})
      await registry.stop()
      await Promise.all([...realLocks.values()].map((d) => d.close()))
    },
  }
}
