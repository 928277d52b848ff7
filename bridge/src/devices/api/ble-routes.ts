// /bridge/ble/*: scan for BLE v3 locks, and status, unlock, add card, set time, open records of one lock.
import { fromHex, lockInitKey, normaliseBluetoothMac } from '@pms/protocol'
import type {
  BleAddCardRequest,
  BleDeleteCardRequest,
  BleLockRequest,
  BleLockStatusView,
  BleRecordsRequest,
  BleRecordsView,
  BleScanRequest,
  BleScanResult,
  BleSetTimeRequest,
  BleUnlockRequest,
} from '@pms/protocol/api/bridge-devices'
import { bleLockModelCode } from '@pms/protocol/api/devices'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { requestLanguage } from '../../language.ts'
import { lockCommand } from '../ble/lock-client.ts'
import { DeviceError } from '../errors.ts'
import { addCardRequest } from './grant-plan.ts'
import { ok } from './reply.ts'
import { bodySchemas, macParams } from './schemas.ts'
import type { DeviceService } from './service.ts'

const now = () => Math.floor(Date.now() / 1000)

export function bleRoutes(app: FastifyInstance, devices: DeviceService): void {
  /** The lock and the key to talk to it: the caller's (from the server), the simulator's own, else INIT_KEY. */
  async function target(request: FastifyRequest) {
    const mac = normaliseBluetoothMac((request.params as { mac: string }).mac)
    if (!mac) throw new DeviceError('notFound', { device: (request.params as { mac: string }).mac })
    const body = (request.body ?? {}) as BleLockRequest
    const key = body.lockKey ? fromHex(body.lockKey) : (devices.sim?.knownLockKey(mac) ?? lockInitKey(mac))
    return { mac, key, lock: await devices.lock(mac) }
  }

  app.post('/ble/scan', { schema: { body: bodySchemas.bleScan } }, async (request) => {
    const body = (request.body ?? {}) as BleScanRequest
    const radio = await devices.radio()
    const found = await radio.scan({ durationMs: body.durationMs ?? 3000 })
    const result: BleScanResult = {
      locks: found.map((p) => ({
        ...p,
        modelCode: bleLockModelCode(p.name),
        roomNo: devices.sim?.roomOfMac(p.mac),
      })),
    }
    return ok(requestLanguage(request.headers), result)
  })

  app.get('/ble/locks/:mac/status', { schema: { params: macParams } }, async (request) => {
    const { mac, key, lock } = await target(request)
    const view: BleLockStatusView = { mac, ...(await lockCommand(lock, key, { command: 'status' })) }
    return ok(requestLanguage(request.headers), view)
  })

  app.post(
    '/ble/locks/:mac/unlock',
    { schema: { params: macParams, body: bodySchemas.bleUnlock } },
    async (request) => {
      const { mac, key, lock } = await target(request)
      const time = (request.body as BleUnlockRequest | undefined)?.time ?? now()
      await lockCommand(lock, key, { command: 'unlock', time })
      return ok(requestLanguage(request.headers), { mac }, 'device.api.unlocked')
    },
  )

  app.post(
    '/ble/locks/:mac/add-card',
    { schema: { params: macParams, body: bodySchemas.bleAddCard } },
    async (request) => {
      const { mac, key, lock } = await target(request)
      await lockCommand(lock, key, addCardRequest(request.body as BleAddCardRequest))
      return ok(requestLanguage(request.headers), { mac }, 'device.api.cardAdded')
    },
  )

  app.post(
    '/ble/locks/:mac/delete-card',
    { schema: { params: macParams, body: bodySchemas.bleDeleteCard } },
    async (request) => {
      const { mac, key, lock } = await target(request)
      const uid = fromHex((request.body as BleDeleteCardRequest).uid)
      await lockCommand(lock, key, { command: 'deleteCard', uid })
      return ok(requestLanguage(request.headers), { mac }, 'device.api.cardDeleted')
    },
  )

  app.post(
    '/ble/locks/:mac/set-time',
    { schema: { params: macParams, body: bodySchemas.bleSetTime } },
    async (request) => {
      const { mac, key, lock } = await target(request)
      const time = (request.body as BleSetTimeRequest | undefined)?.time ?? now()
      await lockCommand(lock, key, { command: 'setTime', time })
      return ok(requestLanguage(request.headers), { mac, time }, 'device.api.timeSet')
    },
  )

  app.post(
    '/ble/locks/:mac/records',
    { schema: { params: macParams, body: bodySchemas.bleRecords } },
    async (request) => {
      const { mac, key, lock } = await target(request)
      const body = (request.body ?? {}) as BleRecordsRequest
      const start = body.start ?? 0
      const count = body.count ?? 8
      const read = await lockCommand(lock, key, { command: 'readRecords', start, count })
      const view: BleRecordsView = { mac, total: read.total, records: read.records }
      return ok(requestLanguage(request.headers), view)
    },
  )
}
