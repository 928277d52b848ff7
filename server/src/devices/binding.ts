// The device binding screen's calls: the building/floor/room tree with each room's lock, gateways with the locks
// behind them, encoders and readers per desk; bind, unbind, and replace a room's lock.
import type { BindingTree, DeviceView } from '@pms/protocol/api/devices'
import type { Static } from '@sinclair/typebox'
import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { building, dvcDevice, floor, room } from '../db/schema/index.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { assertOwnRefs } from '../http/references.ts'
import { ok } from '../http/reply.ts'
import { requireProperty } from '../http/tenancy.ts'
import { describeDevices } from './device-view.ts'
import { DevicePermission } from './devices.ts'
import { reauthoriseRoom } from './lock-auth.ts'
import { checkPlacement, type Placement } from './placement.ts'
import { DEVICE_REFS } from './records.ts'
import { BindBody, DeviceIdBody, ReplaceBody } from './schemas.ts'

export async function bindingTree(db: Db, propertyId: number): Promise<BindingTree> {
  const [buildings, floors, rooms, rows] = await Promise.all([
    db
      .select()
      .from(building)
      .where(eq(building.propertyId, propertyId))
      .orderBy(asc(building.sort), asc(building.buildingId)),
    db.select().from(floor).where(eq(floor.propertyId, propertyId)).orderBy(asc(floor.floorNo)),
    db.select().from(room).where(eq(room.propertyId, propertyId)).orderBy(asc(room.roomNo)),
    db.select().from(dvcDevice).where(eq(dvcDevice.propertyId, propertyId)).orderBy(asc(dvcDevice.code)),
  ])
  const devices = await describeDevices(rows, db)
  const lockOf = new Map(devices.filter((d) => d.kind === 'lock' && d.roomId).map((d) => [d.roomId!, d]))
  const placed = (d: DeviceView) => d.parkId || d.buildingId || d.floorId || d.roomId || d.gatewayId
  const desks = new Map<string, DeviceView[]>()
  for (const d of devices.filter((x) => x.kind === 'encoder' || x.kind === 'reader'))
    desks.set(d.desk, [...(desks.get(d.desk) ?? []), d])
  return {
    buildings: buildings.map((b) => ({
      buildingId: b.buildingId,
      buildingName: b.buildingName,
      floors: floors
        .filter((f) => f.buildingId === b.buildingId)
        .map((f) => ({
          floorId: f.floorId,
          floorName: f.floorName,
          rooms: rooms
            .filter((r) => r.floorId === f.floorId)
            .map((r) => ({ roomId: r.roomId, roomNo: r.roomNo, lock: lockOf.get(r.roomId) ?? null })),
        })),
    })),
    gateways: devices
      .filter((d) => d.kind === 'gateway')
      .map((g) => ({ ...g, locks: devices.filter((d) => d.gatewayId === g.deviceId) })),
    desks: [...desks.entries()].map(([desk, list]) => ({ desk, devices: list })),
    unbound: devices.filter((d) => !placed(d) && !((d.kind === 'encoder' || d.kind === 'reader') && d.desk)),
  }
}

async function ownDevice(db: Db, propertyId: number, deviceId: number) {
  const [device] = await db
    .select()
    .from(dvcDevice)
    .where(and(eq(dvcDevice.deviceId, deviceId), eq(dvcDevice.propertyId, propertyId)))
  if (!device) throw notFound('devices.entity.device')
  return device
}

async function answer(db: Db, deviceId: number): Promise<DeviceView> {
  const rows = await db.select().from(dvcDevice).where(eq(dvcDevice.deviceId, deviceId))
  return (await describeDevices(rows, db))[0]!
}

export function bindingRoutes(app: FastifyInstance, db: Db) {
  app.get('/device/dvcDevice/tree', { config: { permission: DevicePermission.list } }, async (request) =>
    ok(await bindingTree(db, requireProperty(authOf(request)))),
  )

  /** Puts a device at one place (and a lock behind a gateway); what it was bound to before is replaced. */
  app.post(
    '/device/dvcDevice/bind',
    { config: { permission: DevicePermission.bind, refs: DEVICE_REFS }, schema: { body: BindBody } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      const body = request.body as Static<typeof BindBody>
      const device = await ownDevice(db, propertyId, body.deviceId)
      const placement: Placement = {
        parkId: body.parkId ?? null,
        buildingId: body.buildingId ?? null,
        floorId: body.floorId ?? null,
        roomId: body.roomId ?? null,
        gatewayId: body.gatewayId ?? (body.roomId ? device.gatewayId : null),
      }
      const named = Object.values(placement).some((v) => v) || body.desk !== undefined
      if (!named) throw badRequest('validation.required', ['roomId'])
      await db.transaction(async (txn) => {
        const tx = txn as unknown as Db
        await checkPlacement(tx, propertyId, device.kind as never, placement, device.deviceId)
        await tx
          .update(dvcDevice)
          .set({
            ...placement,
            ...(body.desk !== undefined ? { desk: body.desk.trim() } : {}),
            updateTime: new Date(),
          })
          .where(eq(dvcDevice.deviceId, device.deviceId))
      })
      return ok(await answer(db, device.deviceId), 'common.success')
    },
  )

  app.post(
    '/device/dvcDevice/unbind',
    { config: { permission: DevicePermission.bind, refs: DEVICE_REFS }, schema: { body: DeviceIdBody } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      const { deviceId } = request.body as Static<typeof DeviceIdBody>
      await ownDevice(db, propertyId, deviceId)
      await db
        .update(dvcDevice)
        .set({
          parkId: null,
          buildingId: null,
          floorId: null,
          roomId: null,
          gatewayId: null,
          desk: '',
          updateTime: new Date(),
        })
        .where(eq(dvcDevice.deviceId, deviceId))
      return ok(await answer(db, deviceId), 'common.success')
    },
  )

  /**
   * A new lock takes a room over: the old one is unbound (kept, to be reused or removed), in one transaction, and the
   * room's current guests' keys are granted again on the new lock (`lockAuthTasks`, for the console to run).
   */
  app.post(
    '/device/dvcDevice/replace',
    { config: { permission: DevicePermission.bind, refs: DEVICE_REFS }, schema: { body: ReplaceBody } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      const body = request.body as Static<typeof ReplaceBody>
      const device = await ownDevice(db, propertyId, body.deviceId)
      if (device.kind !== 'lock') throw badRequest('devices.notALock')
      await db.transaction(async (txn) => {
        const tx = txn as unknown as Db
        await assertOwnRefs(tx, propertyId, { roomId: body.roomId })
        await tx
          .update(dvcDevice)
          .set({ roomId: null, updateTime: new Date() })
          .where(and(eq(dvcDevice.roomId, body.roomId), eq(dvcDevice.kind, 'lock')))
        await tx
          .update(dvcDevice)
          .set({ roomId: body.roomId, parkId: null, buildingId: null, floorId: null, updateTime: new Date() })
          .where(eq(dvcDevice.deviceId, device.deviceId))
      })
      const lockAuthTasks = await reauthoriseRoom(db, propertyId, body.roomId)
      return ok({ ...(await answer(db, device.deviceId)), lockAuthTasks }, 'common.success')
    },
  )
}
