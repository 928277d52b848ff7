// Request schemas of property administration, shared by the routes and read by the tests through the contract.
import { Type } from '@sinclair/typebox'
import { PageQuery } from '../http/schemas.ts'

const Text = (max: number) => Type.String({ maxLength: max })

/** Writable property fields; the code is checked after its spaces are removed (PROPERTY_CODE_MAX). */
export const PropertyFields = Type.Object({
  propertyName: Type.String({ minLength: 1, maxLength: 100 }),
  propertyCode: Type.Optional(Text(200)),
  address: Type.Optional(Text(200)),
  propertyTypes: Type.Optional(
    Type.Array(Type.String({ pattern: '^[0-9A-Za-z_]{1,20}$' }), { maxItems: 10, uniqueItems: true }),
  ),
  contact: Type.Optional(Text(50)),
  contactPhone: Type.Optional(Text(50)),
  hotelManager: Type.Optional(Text(50)),
  hotelManagerPhone: Type.Optional(Text(50)),
})

export const PropertyAddByAdminBody = Type.Composite([
  PropertyFields,
  Type.Object({ adminUserId: Type.Optional(Type.Integer({ minimum: 1 })) }),
])

export const PropertyAddByCompanyBody = Type.Composite([
  Type.Omit(PropertyFields, ['contact', 'contactPhone', 'hotelManager', 'hotelManagerPhone']),
  Type.Object({
    hotelManager: Type.String({ minLength: 1, maxLength: 50 }),
    hotelManagerPhone: Type.String({ minLength: 1, maxLength: 50 }),
  }),
])

export const PropertyEditBody = Type.Composite([
  Type.Partial(PropertyFields),
  Type.Object({ propertyId: Type.Integer({ minimum: 1 }) }),
])

export const PropertyNameBody = Type.Object({
  propertyId: Type.Integer({ minimum: 1 }),
  propertyName: Type.String({ minLength: 1, maxLength: 100 }),
})

export const PropertyListQuery = Type.Composite([
  PageQuery,
  Type.Object({
    propertyName: Type.Optional(Text(100)),
    propertyCode: Type.Optional(Text(50)),
    address: Type.Optional(Text(200)),
    authState: Type.Optional(Type.Union(['0', '1', '2', '3'].map((s) => Type.Literal(s)))),
  }),
])

export { IdsParam } from '../http/schemas.ts'

export const ShowParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  flag: Type.Union([Type.Literal('0'), Type.Literal('1')]),
})

export const CodeParams = Type.Object({ propertyId: Type.Integer({ minimum: 1 }) })
export const CodeQuery = Type.Object({ propertyCode: Type.String({ minLength: 1, maxLength: 200 }) })

export const ReviewBody = Type.Object({
  authState: Type.Union([Type.Literal('2'), Type.Literal('3')]),
  remark: Type.Optional(Text(200)),
})

export const ReplaceAdminParams = Type.Object({
  oldRegUser: Type.Integer({ minimum: 1 }),
  newRegUser: Type.Integer({ minimum: 1 }),
  propertyId: Type.Integer({ minimum: 1 }),
})

export const DeviceConfigBody = Type.Object({
  propertyId: Type.Integer({ minimum: 1 }),
  dataSource: Type.Union([Type.Literal('none'), Type.Literal('local'), Type.Literal('vendorCloud')]),
  lockModel: Text(50),
  syncRooms: Type.Boolean(),
  syncCheckIn: Type.Boolean(),
  syncIntervalMinutes: Type.Integer({ minimum: 1, maximum: 1440 }),
})

export const UploadQuery = Type.Object({ propertyId: Type.Optional(Type.Integer({ minimum: 1 })) })

export const SecretCodeParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  code: Type.String({ pattern: '^[0-9 ]{1,40}$' }),
})

export const CustomParamsQuery = Type.Composite([
  PageQuery,
  Type.Object({
    propertyId: Type.Optional(Type.Integer({ minimum: 1 })),
    type: Type.Optional(Text(100)),
  }),
])

/** propertyId and type are checked in the handler: SPEC §5 answers their absence with code 500 and its own words. */
export const CustomParamsBody = Type.Object({
  propertyId: Type.Optional(Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1 })),
  type: Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 100 })),
  disposition: Type.String({ minLength: 1, maxLength: 20000 }),
})

export const CustomParamsKey = Type.Object({
  propertyId: Type.Integer({ minimum: 1 }),
  type: Type.String({ minLength: 1, maxLength: 100 }),
})

export const TypeParam = Type.Object({ type: Type.String({ minLength: 1, maxLength: 100 }) })
