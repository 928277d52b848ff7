// The device records a property owns, for the API-wide reference check (http/references.ts): a request naming another
// property's device or lock authorisation is refused as absent before its handler runs.
import { dvcDevice, dvcLockAuth } from '../db/schema/index.ts'
import type { PropertyRecord, RouteRefs } from '../http/property-records.ts'

export const DeviceRecord: PropertyRecord = {
  entity: 'devices.entity.device',
  table: dvcDevice,
  id: dvcDevice.deviceId,
  owner: dvcDevice.propertyId,
}

export const LockAuthRecord: PropertyRecord = {
  entity: 'lockAuth.entity',
  table: dvcLockAuth,
  id: dvcLockAuth.authId,
  owner: dvcLockAuth.propertyId,
}

/** What the device routes' own field names mean: models are the platform catalogue's, not a property's. */
export const DEVICE_REFS: RouteRefs = {
  deviceId: DeviceRecord,
  gatewayId: DeviceRecord,
  authId: LockAuthRecord,
  modelId: false,
}
