// Lock sync, the technician's "sync locks" (issue 15): the console scans through the bridge (BLE v3 through noble, or
// the simulated locks) and sends what it found; the server proposes each lock with its catalogue model and the room
// it is (or says it is) in, and then binds the chosen rooms in one transaction. SPEC §8's refusals: no data source
// (the console's, when there is no bridge or adapter), no model, no building, a source that does not support sync.
import {
  type DeviceView,
  hasCapability,
  type LockProposal,
  type LockSyncProposal,
} from '@pms/protocol/api/devices'
import type { Static } from '@sinclair/typebox'
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { building, dvcDevice, dvcModel, floor, room } from '../db/schema/index.ts'
import { AppError, badRequest, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { assertOwnRefs } from '../http/references.ts'
import { ok } from '../http/reply.ts'
import { requireProperty } from '../http/tenancy.ts'
import { describeDevices } from './device-view.ts'
import { DevicePermission, storedMac } from './devices.ts'
import { assertRoomFree } from './placement.ts'
import { DEVICE_REFS } from './records.ts'
import { SyncBindBody, SyncProposeBody } from './schemas.ts'

/** Step 1: the source must support lock sync — the desk's own BLE adapter does; a gateway only if its model says so. */
export async function assertSyncSource(db: Db, propertyId: number, gatewayId?: number): Promise<void> {
  if (!gatewayId) return
  const [gateway] = await db
    .select({ kind: dvcDevice.kind, capabilities: dvcModel.capabilities, name: dvcDevice.name })
    .from(dvcDevice)
    .innerJoin(dvcModel, eq(dvcModel.modelId, dvcDevice.modelId))
    .where(and(eq(dvcDevice.deviceId, gatewayId), eq(dvcDevice.propertyId, propertyId)))
  if (!gateway) throw notFound('devices.entity.gateway')
  if (gateway.kind !== 'gateway' || !hasCapability(gateway.capabilities, 'lockSync'))
    throw new AppError(400, 'devices.sync.notSupported', [gateway.name])
}

/** Step 2: the property must have a building to bind locks in. */
export async function assertHasBuilding(db: Db, propertyId: number): Promise<void> {
  const [found] = await db.select({ n: count() }).from(building).where(eq(building.propertyId, propertyId))
  if (Number(found?.n ?? 0) === 0) throw new AppError(400, 'devices.sync.noBuilding')
}

/** Step 3: each found lock's model must be a lock model of the catalogue (by the code the bridge reported). */
export async function modelsOfFound(db: Db, found: { mac: string; modelCode?: string }[]) {
  const codes = [...new Set(found.map((f) => f.modelCode).filter((c): c is string => Boolean(c)))]
  const models = codes.length ? await db.select().from(dvcModel).where(inArray(dvcModel.code, codes)) : []
  const byCode = new Map(models.map((m) => [m.code, m]))
  return found.map((f) => {
    const model = f.modelCode ? byCode.get(f.modelCode) : undefined
    if (!model || !hasCapability(model.capabilities, 'lock'))
      throw new AppError(400, 'devices.sync.noModel', [f.mac, f.modelCode ?? '?'])
    return model
  })
}

async function roomsOf(db: Db, propertyId: number) {
  const rows = await db
    .select({
      roomId: room.roomId,
      roomNo: room.roomNo,
      buildingName: building.buildingName,
      floorName: floor.floorName,
      lockId: dvcDevice.deviceId,
    })
    .from(room)
    .innerJoin(building, eq(building.buildingId, room.buildingId))
    .innerJoin(floor, eq(floor.floorId, room.floorId))
    .leftJoin(dvcDevice, and(eq(dvcDevice.roomId, room.roomId), eq(dvcDevice.kind, 'lock')))
    .where(eq(room.propertyId, propertyId))
    .orderBy(asc(building.buildingId), asc(floor.floorNo), asc(room.roomNo))
  return rows.map((r) => ({ ...r, lockId: r.lockId ?? null }))
}

export async function proposeLocks(
  db: Db,
  propertyId: number,
  body: Static<typeof SyncProposeBody>,
): Promise<LockSyncProposal> {
  await assertSyncSource(db, propertyId, body.gatewayId)
  await assertHasBuilding(db, propertyId)
  const found = body.locks.map((l, i) => ({ ...l, mac: storedMac(l.mac, `locks[${i}].mac`)! }))
  const models = await modelsOfFound(db, found)
  const macs = found.map((f) => f.mac)
  const known = macs.length
    ? await db
        .select()
        .from(dvcDevice)
        .where(and(eq(dvcDevice.propertyId, propertyId), inArray(dvcDevice.mac, macs)))
    : []
  const rooms = await roomsOf(db, propertyId)
  const ownRoom = new Set(rooms.map((r) => r.roomId))
  const locks: LockProposal[] = found.map((f, i) => {
    const device = known.find((d) => d.mac === f.mac)
    // The room it is bound to, else the one the lock says it was installed for (if it is one of ours).
    const roomId = device?.roomId ?? (f.roomId && ownRoom.has(f.roomId) ? f.roomId : undefined)
    return {
      mac: f.mac,
      name: f.name,
      rssi: f.rssi,
      modelId: models[i]!.modelId,
      modelCode: models[i]!.code,
      modelName: models[i]!.name,
      deviceId: device?.deviceId,
      roomId: roomId ?? undefined,
    }
  })
  return { gatewayId: body.gatewayId, locks, rooms }
}

/** Binds each chosen lock to its room (recording new locks by MAC), all or nothing. */
export async function bindSyncedLocks(
  db: Db,
  propertyId: number,
  body: Static<typeof SyncBindBody>,
): Promise<DeviceView[]> {
  await assertSyncSource(db, propertyId, body.gatewayId)
  await assertHasBuilding(db, propertyId)
  const wanted = body.locks.map((l, i) => ({ ...l, mac: storedMac(l.mac, `locks[${i}].mac`)! }))
  if (new Set(wanted.map((l) => l.roomId)).size !== wanted.length) throw badRequest('devices.sync.roomTwice')
  if (new Set(wanted.map((l) => l.mac)).size !== wanted.length) throw badRequest('devices.sync.macTwice')
  await assertOwnRefs(db, propertyId, { roomId: wanted.map((l) => l.roomId) })
  const ids = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db
    const models = await tx
      .select()
      .from(dvcModel)
      .where(inArray(dvcModel.modelId, [...new Set(wanted.map((l) => l.modelId))]))
    const roomNo = new Map(
      (
        await tx
          .select({ id: room.roomId, no: room.roomNo })
          .from(room)
          .where(eq(room.propertyId, propertyId))
      ).map((r) => [r.id, r.no]),
    )
    const saved: number[] = []
    // Unbind first, so that locks swapping rooms in one sync do not collide on the one-lock-per-room index.
    const existing = await tx
      .select()
      .from(dvcDevice)
      .where(
        and(
          eq(dvcDevice.propertyId, propertyId),
          inArray(
            dvcDevice.mac,
            wanted.map((l) => l.mac),
          ),
        ),
      )
    if (existing.length)
      await tx
        .update(dvcDevice)
        .set({ roomId: null })
        .where(
          inArray(
            dvcDevice.deviceId,
            existing.map((d) => d.deviceId),
          ),
        )
    for (const lock of wanted) {
      const model = models.find((m) => m.modelId === lock.modelId)
      if (!model || !hasCapability(model.capabilities, 'lock'))
        throw new AppError(400, 'devices.sync.noModel', [lock.mac, String(lock.modelId)])
      const device = existing.find((d) => d.mac === lock.mac)
      await assertRoomFree(tx, lock.roomId, device?.deviceId)
      const values = {
        modelId: model.modelId,
        kind: 'lock',
        roomId: lock.roomId,
        parkId: null,
        buildingId: null,
        floorId: null,
        gatewayId: body.gatewayId ?? null,
        state: 'online',
        lastSeen: new Date(),
        updateTime: new Date(),
      }
      if (device) {
        await tx.update(dvcDevice).set(values).where(eq(dvcDevice.deviceId, device.deviceId))
        saved.push(device.deviceId)
      } else {
        const [row] = await tx
          .insert(dvcDevice)
          .values({
            ...values,
            propertyId,
            code: lock.mac,
            mac: lock.mac,
            name: lock.name?.trim() || roomNo.get(lock.roomId)!,
          })
          .returning({ id: dvcDevice.deviceId })
        saved.push(row!.id)
      }
    }
    return saved
  })
  const rows = await db.select().from(dvcDevice).where(inArray(dvcDevice.deviceId, ids))
  return describeDevices(rows, db)
}

export function lockSyncRoutes(app: FastifyInstance, db: Db) {
  app.post(
    '/device/dvcDevice/syncLocks/propose',
    { config: { permission: DevicePermission.sync, refs: DEVICE_REFS }, schema: { body: SyncProposeBody } },
    async (request) =>
      ok(
        await proposeLocks(
          db,
          requireProperty(authOf(request)),
          request.body as Static<typeof SyncProposeBody>,
        ),
      ),
  )
  app.post(
    '/device/dvcDevice/syncLocks/bind',
    { config: { permission: DevicePermission.sync, refs: DEVICE_REFS }, schema: { body: SyncBindBody } },
    async (request) =>
      ok(
        await bindSyncedLocks(
          db,
          requireProperty(authOf(request)),
          request.body as Static<typeof SyncBindBody>,
        ),
        'common.success',
      ),
  )
}
