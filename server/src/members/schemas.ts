// Request schemas of the member routes (protocol/src/api/members.ts). Money is integer cents.
import { MEMBER_ID_TYPES, MEMBER_SOURCES, MemberFlow } from '@pms/protocol/api/members'
import { PAYMENT_METHODS } from '@pms/protocol/billing/index'
import { MEMBER_RECORD_KINDS, MEMBER_STATES, MEMBER_VALIDITIES } from '@pms/protocol/members/ledger'
import { Type } from '@sinclair/typebox'
import { Day } from '../http/schemas.ts'

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })
const Amount = Type.Integer({ minimum: 1, maximum: 10_000_000_000 })
const Key = Type.Optional(Type.String({ minLength: 1, maxLength: 100 }))
const Remark = Type.Optional(Type.String({ maxLength: 500 }))
const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)))
const State01 = literals(['0', '1'])
/** A date, or null or '' (cleared). */
const NullableDate = Type.Unsafe<string | null>({
  type: ['string', 'null'],
  pattern: '^(\\d{4}-\\d{2}-\\d{2})?$',
})
const NullableId = Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1 })

export const GradeFields = Type.Object(
  {
    gradeName: Type.String({ minLength: 1, maxLength: 50 }),
    gradeRank: Type.Integer({ minimum: 0, maximum: 999 }),
    upgradeWay: literals(['amount', 'frequency']),
    threshold: Type.Integer({ minimum: 0, maximum: 10_000_000_000 }),
    discount: Type.Integer({ minimum: 1, maximum: 100 }),
    delayHours: Type.Integer({ minimum: 0, maximum: 24 }),
    effectiveMonths: Type.Integer({ minimum: 0, maximum: 120 }),
    state: State01,
    remark: Remark,
    propertyId: Type.Optional(Id),
  },
  { additionalProperties: false },
)

export const RechargeTypeFields = Type.Object(
  {
    typeName: Type.String({ minLength: 1, maxLength: 50 }),
    amountCents: Amount,
    giftCents: Type.Integer({ minimum: 0, maximum: 10_000_000_000 }),
    state: State01,
    remark: Remark,
    propertyId: Type.Optional(Id),
  },
  { additionalProperties: false },
)

export const TagFields = Type.Object(
  { tagName: Type.String({ minLength: 1, maxLength: 30 }), propertyId: Type.Optional(Id) },
  { additionalProperties: false },
)

const memberFields = {
  cardNo: Type.Optional(Type.String({ maxLength: 32, pattern: '^[0-9A-Za-z-]*$' })),
  name: Type.String({ minLength: 1, maxLength: 50 }),
  areaCode: Type.Optional(Type.String({ pattern: '^\\d{2,6}$' })),
  phone: Type.String({ minLength: 1, maxLength: 20, pattern: '^\\s*\\d+\\s*$' }),
  idType: Type.Optional(literals(MEMBER_ID_TYPES)),
  idNo: Type.Optional(Type.String({ maxLength: 32 })),
  gender: Type.Optional(literals(['0', '1', '2'])),
  birthday: Type.Optional(NullableDate),
  gradeId: Type.Optional(NullableId),
  tagIds: Type.Optional(Type.Array(Id, { maxItems: 50, uniqueItems: true })),
  source: Type.Optional(literals(MEMBER_SOURCES)),
  validity: Type.Optional(literals(MEMBER_VALIDITIES)),
  expireDate: Type.Optional(NullableDate),
  remark: Remark,
}

export const MemberBody = Type.Object(memberFields, { additionalProperties: false })
export const MemberEditBody = Type.Object(
  { ...Type.Partial(Type.Object(memberFields)).properties, memberId: Id },
  { additionalProperties: false },
)

export const MemberListQuery = Type.Object({
  pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  cardNo: Type.Optional(Type.String({ maxLength: 32 })),
  name: Type.Optional(Type.String({ maxLength: 50 })),
  phone: Type.Optional(Type.String({ maxLength: 20 })),
  tagId: Type.Optional(Id),
  gradeId: Type.Optional(Id),
  state: Type.Optional(literals(MEMBER_STATES)),
  blacklist: Type.Optional(Type.Boolean()),
})

export const LookupQuery = Type.Object({
  phone: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  cardNo: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
})

export const MemberIdParam = Type.Object({ memberId: Id })
export const OrderIdParam = Type.Object({ orderId: Id })
export const IdsParam = Type.Object({ ids: Type.String({ pattern: '^\\d+(,\\d+)*$', maxLength: 2000 }) })

export const StateBody = Type.Object(
  { memberId: Id, state: literals(MEMBER_STATES), reason: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
)

export const BlacklistBody = Type.Object(
  { memberId: Id, blacklist: Type.Boolean(), reason: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
)

export const RecordQuery = Type.Object({
  pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  memberId: Type.Optional(Id),
  kind: Type.Optional(literals(MEMBER_RECORD_KINDS)),
  flow: Type.Optional(literals(Object.values(MemberFlow))),
  beginDate: Type.Optional(Day),
  endDate: Type.Optional(Day),
})

export const StayQuery = Type.Object({
  memberId: Id,
  pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
})

export const RechargeBody = Type.Object(
  {
    memberId: Id,
    rechargeTypeId: Type.Optional(Id),
    amountCents: Type.Optional(Amount),
    method: literals(PAYMENT_METHODS),
    remark: Remark,
    idempotencyKey: Key,
  },
  { additionalProperties: false },
)

export const PayBody = Type.Object(
  {
    memberId: Id,
    orderId: Id,
    orderRoomId: Type.Optional(Id),
    amountCents: Amount,
    remark: Remark,
    idempotencyKey: Key,
  },
  { additionalProperties: false },
)

export const RefundPaymentBody = Type.Object(
  {
    entryId: Id,
    amountCents: Amount,
    reason: Type.String({ minLength: 1, maxLength: 200 }),
    idempotencyKey: Key,
  },
  { additionalProperties: false },
)

const Signed = Type.Integer({ minimum: -10_000_000_000, maximum: 10_000_000_000 })
export const AdjustBody = Type.Object(
  {
    memberId: Id,
    baseCents: Type.Optional(Signed),
    giftCents: Type.Optional(Signed),
    points: Type.Optional(Signed),
    reason: Type.String({ minLength: 1, maxLength: 200 }),
    idempotencyKey: Key,
  },
  { additionalProperties: false },
)

export const BindOrderBody = Type.Object({ orderId: Id, memberId: Id }, { additionalProperties: false })

export const FullQuery = Type.Object({ full: Type.Optional(Type.Boolean()) })

export const RefundRechargeBody = Type.Object(
  {
    /** The recharge record to refund. */
    recordId: Id,
    /** The base to pay back; all that may be paid back when omitted. */
    amountCents: Type.Optional(Amount),
    method: literals(PAYMENT_METHODS),
    reason: Type.String({ minLength: 1, maxLength: 200 }),
    idempotencyKey: Key,
  },
  { additionalProperties: false },
)

export const ExpirePointsBody = Type.Object({ memberId: Type.Optional(Id) }, { additionalProperties: false })
