// Request schemas of the room stock. Money is integer cents (e.g. 29800 = ¥298.00), never negative, never a fraction.
import { Type } from '@sinclair/typebox'

const Name = Type.String({ minLength: 1, maxLength: 50 })
const Remark = Type.Optional(Type.String({ maxLength: 500 }))
const Sort = Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 }))
const Id = Type.Integer({ minimum: 1 })
const Ids = Type.Array(Id, { maxItems: 2000, uniqueItems: true })
/** An amount of money in integer cents. */
export const Cents = (description: string) =>
  Type.Integer({ minimum: 0, maximum: 100_000_000_00, description: `${description}, in integer cents` })
/** '0' enabled (normal), '1' disabled (SPEC §4). */
const EnabledState = Type.Union([Type.Literal('0'), Type.Literal('1')], {
  description: "'0' enabled, '1' disabled",
})

export const ParkFields = Type.Object({ parkName: Name, remark: Remark })

export const BuildingFields = Type.Object({
  buildingName: Name,
  parkId: Type.Optional(Type.Union([Id, Type.Null()], { description: 'The park it stands in, if any' })),
  sort: Sort,
  remark: Remark,
})

export const UnitFields = Type.Object({ buildingId: Id, unitName: Name, sort: Sort, remark: Remark })

export const FloorFields = Type.Object({
  buildingId: Id,
  floorNo: Type.Integer({ minimum: -20, maximum: 300 }),
  floorName: Name,
})

export const RoomFields = Type.Object({
  buildingId: Id,
  floorId: Id,
  unitId: Type.Optional(Type.Union([Id, Type.Null()])),
  roomTypeId: Id,
  roomNo: Type.String({ minLength: 1, maxLength: 20, pattern: '^\\S+$' }),
  remark: Remark,
  attributeIds: Type.Optional(Ids),
})

export const CostItem = Type.Object({
  costName: Name,
  amount: Cents('Cost amount'),
  checkInCost: Type.Boolean({ description: 'Charged at check-in' }),
})

export const RoomTypeFields = Type.Object({
  typeName: Name,
  dailyPrice: Cents('Daily price'),
  hourlyPrice: Type.Optional(Cents('Hourly price')),
  deposit: Type.Optional(Cents('Deposit')),
  contractPrice: Type.Optional(Cents('Contract (long-stay) price')),
  maxOccupancy: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  hourRoom: Type.Optional(Type.Boolean()),
  soldByBed: Type.Optional(Type.Boolean()),
  state: Type.Optional(EnabledState),
  pictures: Type.Optional(Type.String({ maxLength: 2000, description: 'Picture paths, comma-separated' })),
  remark: Remark,
  costItems: Type.Optional(Type.Array(CostItem, { maxItems: 50 })),
})

export const RoomAttributeFields = Type.Object({ attributeName: Name, remark: Remark })

export const BuildingGroupFields = Type.Object({
  groupName: Name,
  remark: Remark,
  buildingIds: Type.Optional(Ids),
  userIds: Type.Optional(Ids),
})

export const HourlyRuleFields = Type.Object({
  ruleName: Name,
  status: Type.Optional(EnabledState),
  startingFee: Cents('Starting fee'),
  overtimeFee: Cents('Overtime charge per period'),
  remark: Remark,
})
