// The property's configuration and its device configuration (SPEC §3, §7, §9): read with defaults, saved by admins.
import {
  DEVICE_CONFIG_DEFAULTS,
  type DeviceConfig,
  LockDataSource,
  PropertyPermission as P,
} from '@pms/protocol/api/properties'
import { isTimeZone } from '@pms/protocol/time/zone'
import { type Static, Type } from '@sinclair/typebox'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { propertyDeviceConfig } from '../db/schema/index.ts'
import { badRequest } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { IdParam } from '../http/schemas.ts'
import { accessProperty } from './access.ts'
import { zoneChanged } from './clock.ts'
import { PropertyConfigFields, readPropertyConfig, savePropertyConfig } from './config.ts'
import { DeviceConfigBody } from './schemas.ts'

const PropertyConfigBody = Type.Composite([
  Type.Partial(PropertyConfigFields),
  Type.Object({ propertyId: Type.Integer({ minimum: 1 }) }),
])

async function readDeviceConfig(db: Db, propertyId: number): Promise<DeviceConfig> {
  const [row] = await db
    .select()
    .from(propertyDeviceConfig)
    .where(eq(propertyDeviceConfig.propertyId, propertyId))
  if (!row) return { propertyId, ...DEVICE_CONFIG_DEFAULTS, updateTime: null }
  return {
    propertyId,
    dataSource: row.dataSource as LockDataSource,
    lockModel: row.lockModel,
    syncRooms: row.syncRooms,
    syncCheckIn: row.syncCheckIn,
    syncIntervalMinutes: row.syncIntervalMinutes,
    updateTime: row.updateTime.toISOString(),
  }
}

export function propertyConfigRoutes(app: FastifyInstance, db: Db) {
  app.get(
    '/pms/pmsProperty/propertyConfig/:id',
    { config: { permission: P.query }, schema: { params: IdParam } },
    async (request) => {
      const { id } = request.params as Static<typeof IdParam>
      await accessProperty(db, authOf(request), id)
      return ok(await readPropertyConfig(db, id))
    },
  )

  app.put(
    '/pms/pmsProperty/propertyConfig',
    { config: { permission: P.config }, schema: { body: PropertyConfigBody } },
    async (request) => {
      const { propertyId, ...changes } = request.body as Static<typeof PropertyConfigBody>
      await accessProperty(db, authOf(request), propertyId, P.config)
      if (changes.timeZone !== undefined && !isTimeZone(changes.timeZone))
        throw badRequest('validation.invalid', ['timeZone'])
      const before = await readPropertyConfig(db, propertyId)
      const saved = await savePropertyConfig(db, propertyId, changes)
      if (saved.timeZone !== before.timeZone) await zoneChanged(db, propertyId, saved.timeZone)
      return ok(saved, 'common.editSuccess')
    },
  )

  app.get(
    '/device/dvcHtPropertyConfig/:id',
    { config: { permission: P.query }, schema: { params: IdParam } },
    async (request) => {
      const { id } = request.params as Static<typeof IdParam>
      await accessProperty(db, authOf(request), id)
      return ok(await readDeviceConfig(db, id))
    },
  )

  /** Syncing needs a lock data source, and a vendor cloud source needs the lock model (SPEC §8 device sync errors). */
  app.post(
    '/device/dvcHtPropertyConfig',
    { config: { permission: P.config }, schema: { body: DeviceConfigBody } },
    async (request) => {
      const { propertyId, ...body } = request.body as Static<typeof DeviceConfigBody>
      await accessProperty(db, authOf(request), propertyId, P.config)
      if ((body.syncRooms || body.syncCheckIn) && body.dataSource === LockDataSource.none)
        throw badRequest('property.device.noSource', ['dataSource'])
      const lockModel = body.lockModel.trim()
      if (body.dataSource === LockDataSource.vendorCloud && !lockModel)
        throw badRequest('property.device.noModel', ['lockModel'])
      const values = { ...body, lockModel, updateTime: new Date() }
      await db
        .insert(propertyDeviceConfig)
        .values({ propertyId, ...values })
        .onConflictDoUpdate({ target: propertyDeviceConfig.propertyId, set: values })
      return ok(await readDeviceConfig(db, propertyId), 'common.editSuccess')
    },
  )
}
