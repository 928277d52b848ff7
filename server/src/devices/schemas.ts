// Request schemas of the device catalogue (protocol/src/api/devices.ts).
import { DEVICE_STATES, DeviceCapability } from '@pms/protocol/api/devices'
import { Type } from '@sinclair/typebox'
import { Id, Text } from '../http/schemas.ts'

const literals = (values: readonly (string | number)[]) => Type.Union(values.map((v) => Type.Literal(v)))
const State01 = literals(['0', '1'])
const NullableId = Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1 })
const NullableYear = Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1900, maximum: 2999 })
const IdList = Type.Array(Id(), { maxItems: 100 })

export const DictionaryFields = Type.Object({
  code: Text({ minLength: 1, maxLength: 50 }),
  name: Text({ minLength: 1, maxLength: 50 }),
  labelKey: Type.Optional(Text({ maxLength: 100, pattern: '^[A-Za-z0-9_.-]*$' })),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  state: Type.Optional(State01),
  remark: Type.Optional(Text({ maxLength: 500 })),
})

export const ModelFields = Type.Object({
  code: Text({ minLength: 1, maxLength: 50 }),
  name: Text({ minLength: 1, maxLength: 100 }),
  seriesId: Type.Optional(NullableId),
  categoryId: Type.Optional(NullableId),
  protocolId: Type.Optional(NullableId),
  networkingId: Type.Optional(NullableId),
  functionIds: Type.Optional(IdList),
  sceneIds: Type.Optional(IdList),
  partIds: Type.Optional(IdList),
  colourIds: Type.Optional(IdList),
  materialIds: Type.Optional(IdList),
  relatedIds: Type.Optional(IdList),
  startYear: Type.Optional(NullableYear),
  endYear: Type.Optional(NullableYear),
  pictures: Type.Optional(Text({ maxLength: 2000 })),
  capabilities: Type.Optional(Type.Array(literals(Object.values(DeviceCapability)), { maxItems: 5 })),
  state: Type.Optional(State01),
  remark: Type.Optional(Text({ maxLength: 500 })),
})

const PlaceId = Type.Optional(NullableId)

export const DeviceFields = Type.Object({
  code: Text({ minLength: 1, maxLength: 50 }),
  name: Text({ minLength: 1, maxLength: 100 }),
  modelId: Id(),
  state: Type.Optional(literals(DEVICE_STATES)),
  location: Type.Optional(Text({ maxLength: 100 })),
  hardwareVersion: Type.Optional(Text({ maxLength: 50 })),
  softwareVersion: Type.Optional(Text({ maxLength: 50 })),
  /** Any common spelling of a BLE MAC (separators, lower case); '' or null clears it. */
  mac: Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 17 })),
  desk: Type.Optional(Text({ maxLength: 50 })),
  parkId: PlaceId,
  buildingId: PlaceId,
  floorId: PlaceId,
  roomId: PlaceId,
  gatewayId: PlaceId,
  remark: Type.Optional(Text({ maxLength: 500 })),
})

export const BindBody = Type.Object({
  deviceId: Id(),
  parkId: Type.Optional(Id()),
  buildingId: Type.Optional(Id()),
  floorId: Type.Optional(Id()),
  roomId: Type.Optional(Id()),
  gatewayId: Type.Optional(Id()),
  desk: Type.Optional(Text({ maxLength: 50 })),
})
export const DeviceIdBody = Type.Object({ deviceId: Id() })
export const ReplaceBody = Type.Object({ roomId: Id(), deviceId: Id() })

const Mac = Text({ minLength: 12, maxLength: 17 })
export const SyncProposeBody = Type.Object({
  gatewayId: Type.Optional(Id()),
  locks: Type.Array(
    Type.Object({
      mac: Mac,
      modelCode: Type.Optional(Text({ maxLength: 50 })),
      name: Type.Optional(Text({ maxLength: 100 })),
      rssi: Type.Optional(Type.Integer({ minimum: -200, maximum: 50 })),
      roomId: Type.Optional(Id()),
    }),
    { maxItems: 500 },
  ),
})
export const SyncBindBody = Type.Object({
  gatewayId: Type.Optional(Id()),
  locks: Type.Array(
    Type.Object({
      mac: Mac,
      modelId: Id(),
      roomId: Id(),
      name: Type.Optional(Text({ minLength: 1, maxLength: 100 })),
    }),
    { minItems: 1, maxItems: 500 },
  ),
})
