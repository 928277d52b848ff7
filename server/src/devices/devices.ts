// The property's devices as plain CRUD: code and MAC unique in the property, the kind taken from the model's
// capabilities, the placement checked (placement.ts).
import { normaliseBluetoothMac } from '@pms/protocol'
import {
  capabilityFlags,
  DEVICE_PERMISSION_PREFIX,
  DevicePermission,
  deviceKindOf,
} from '@pms/protocol/api/devices'
import { and, asc, eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { dvcDevice, dvcModel } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { ok } from '../http/reply.ts'
import { describeDevices, presentDevice } from './device-view.ts'
import { checkPlacement, placementOf } from './placement.ts'
import { DEVICE_REFS } from './records.ts'
import { DeviceFields } from './schemas.ts'

export { DevicePermission }

/** The model of a device and the kind it makes the device; 404 when it is not in the catalogue. */
export async function modelKind(db: Db, modelId: number) {
  const [model] = await db
    .select({ capabilities: dvcModel.capabilities })
    .from(dvcModel)
    .where(eq(dvcModel.modelId, modelId))
  if (!model) throw notFound('catalogue.entity.model')
  return deviceKindOf(model.capabilities)
}

/** A MAC as stored (12 upper-case hex digits), null for none; anything else is a 400 naming the field. */
export function storedMac(value: unknown, field = 'mac'): string | null {
  if (value === null || value === '') return null
  const mac = typeof value === 'string' ? normaliseBluetoothMac(value) : undefined
  if (!mac) throw badRequest('validation.invalid', [field])
  return mac
}

async function assertUnique(db: Db, propertyId: number, column: 'code' | 'mac', value: string, id?: number) {
  const [same] = await db
    .select({ id: dvcDevice.deviceId })
    .from(dvcDevice)
    .where(
      and(
        eq(dvcDevice.propertyId, propertyId),
        eq(dvcDevice[column], value),
        id ? ne(dvcDevice.deviceId, id) : undefined,
      ),
    )
  if (same) throw conflict(column === 'code' ? 'devices.codeExists' : 'devices.macExists', [value])
}

export function deviceCrudRoutes(app: FastifyInstance, db: Db) {
  // The catalogue's enabled models, for the property's device forms (the catalogue itself is the platform's).
  app.get('/device/dvcDevice/models', { config: { permission: DevicePermission.list } }, async () => {
    const rows = await db
      .select({
        modelId: dvcModel.modelId,
        code: dvcModel.code,
        name: dvcModel.name,
        capabilities: dvcModel.capabilities,
      })
      .from(dvcModel)
      .where(eq(dvcModel.state, '0'))
      .orderBy(asc(dvcModel.code))
    return ok(
      rows.map((m) => ({
        ...m,
        capabilities: capabilityFlags(m.capabilities),
        kind: deviceKindOf(m.capabilities),
      })),
    )
  })

  defineCrud(app, db, {
    base: '/device/dvcDevice',
    table: dvcDevice,
    id: { column: dvcDevice.deviceId, name: 'deviceId' },
    entity: 'devices.entity.device',
    permission: DEVICE_PERMISSION_PREFIX,
    fields: DeviceFields,
    filters: {
      code: { column: dvcDevice.code, match: 'like' },
      name: { column: dvcDevice.name, match: 'like' },
      mac: { column: dvcDevice.mac, match: 'like' },
      kind: { column: dvcDevice.kind, match: 'eq' },
      state: { column: dvcDevice.state, match: 'eq' },
      modelId: { column: dvcDevice.modelId, match: 'eq' },
      roomId: { column: dvcDevice.roomId, match: 'eq' },
      gatewayId: { column: dvcDevice.gatewayId, match: 'eq' },
    },
    orderBy: { column: dvcDevice.code },
    propertyColumn: dvcDevice.propertyId,
    refs: DEVICE_REFS,
    describe: (rows, { db }) => describeDevices(rows, db) as Promise<never>,
    present: (row) => presentDevice(row),
    prepare: async (fields, { db, id, propertyId }) => {
      for (const name of ['code', 'name'] as const) {
        if (typeof fields[name] !== 'string') continue
        fields[name] = (fields[name] as string).trim()
        if (!fields[name]) throw badRequest('validation.required', [name])
      }
      if (typeof fields.code === 'string') await assertUnique(db, propertyId!, 'code', fields.code, id)
      if ('mac' in fields) {
        fields.mac = storedMac(fields.mac)
        if (fields.mac) await assertUnique(db, propertyId!, 'mac', fields.mac as string, id)
      }
      const [existing] = id
        ? await db.select().from(dvcDevice).where(eq(dvcDevice.deviceId, id))
        : [undefined]
      const kind = fields.modelId ? await modelKind(db, fields.modelId as number) : existing!.kind
      if (fields.modelId) fields.kind = kind
      const asked = placementOf(fields)
      // A device that stops being a lock leaves its gateway.
      if (existing?.gatewayId && kind !== 'lock' && !asked?.gatewayId) fields.gatewayId = null
      const placement = {
        parkId: existing?.parkId,
        buildingId: existing?.buildingId,
        floorId: existing?.floorId,
        roomId: existing?.roomId,
        gatewayId: 'gatewayId' in fields ? (fields.gatewayId as number | null) : existing?.gatewayId,
        ...asked,
      }
      await checkPlacement(db, propertyId!, kind as never, placement, id)
      Object.assign(fields, asked)
      return fields
    },
  })
}
