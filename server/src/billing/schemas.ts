// Request schemas of the billing routes (protocol/src/api/billing.ts). Money is integer cents, positive.
import { PAYMENT_METHODS } from '@pms/protocol/billing/index'
import { Type } from '@sinclair/typebox'

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })
/** Up to one hundred million currency units in one entry. */
const Amount = Type.Integer({ minimum: 1, maximum: 10_000_000_000 })
const Key = Type.Optional(Type.String({ minLength: 1, maxLength: 100 }))
const Remark = Type.Optional(Type.String({ maxLength: 500 }))
const Method = Type.Union(PAYMENT_METHODS.map((m) => Type.Literal(m)))

export const OrderIdParam = Type.Object({ orderId: Id })

export const ChargeBody = Type.Object(
  {
    orderId: Id,
    orderRoomId: Type.Optional(Id),
    kind: Type.Optional(Type.Union([Type.Literal('extraCharge'), Type.Literal('roomCharge')])),
    costId: Type.Optional(Id),
    chargeItemId: Type.Optional(Id),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
    itemName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    amountCents: Type.Optional(Amount),
    remark: Remark,
    idempotencyKey: Key,
  },
  { additionalProperties: false },
)

export const MoneyBody = Type.Object(
  {
    orderId: Id,
    orderRoomId: Type.Optional(Id),
    amountCents: Amount,
    method: Method,
    remark: Remark,
    receiptType: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    ownFolio: Type.Optional(Type.Boolean()),
    idempotencyKey: Key,
  },
  { additionalProperties: false },
)

export const RefundBody = Type.Object(
  {
    orderId: Id,
    orderRoomId: Type.Optional(Id),
    amountCents: Amount,
    method: Method,
    reason: Type.String({ minLength: 1, maxLength: 200 }),
    remark: Remark,
    ownFolio: Type.Optional(Type.Boolean()),
    idempotencyKey: Key,
  },
  { additionalProperties: false },
)

export const ExpenseBody = Type.Object(
  {
    orderId: Id,
    orderRoomId: Type.Optional(Id),
    itemName: Type.String({ minLength: 1, maxLength: 100 }),
    amountCents: Amount,
    method: Method,
    remark: Remark,
    idempotencyKey: Key,
  },
  { additionalProperties: false },
)

export const EntryIdParam = Type.Object({ entryId: Id })

export const CheckoutChargesBody = Type.Object(
  {
    orderRoomIds: Type.Optional(Type.Array(Id, { maxItems: 500, uniqueItems: true })),
    idempotencyKey: Key,
  },
  { additionalProperties: false },
)
