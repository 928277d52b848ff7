// Request schemas of the shop (protocol/src/api/shop.ts).
import { Type } from '@sinclair/typebox'
import { Id, Money, PositiveInt, Text } from '../http/schemas.ts'

/** Quantities a line or a package may hold. */
export const MAX_NUM = 9999
const Num = PositiveInt(MAX_NUM)
const Images = Text({ maxLength: 4000 })

export const ProductFields = Type.Object({
  name: Text({ minLength: 1, maxLength: 100 }),
  modelId: Id(),
  priceCents: Money(),
  stock: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  productImages: Type.Optional(Images),
  description: Type.Optional(Text({ maxLength: 4000 })),
  onShelf: Type.Optional(Type.Boolean()),
})

const PackageInfo = Type.Object({ productId: Id(), num: Num })

export const PackageFields = Type.Object({
  name: Text({ minLength: 1, maxLength: 100 }),
  packageImages: Type.Optional(Images),
  priceCents: Money(),
  description: Type.Optional(Text({ maxLength: 4000 })),
  combo: Type.Optional(Text({ maxLength: 200 })),
  onShelf: Type.Optional(Type.Boolean()),
  packageTypeInfos: Type.Optional(
    Type.Array(
      Type.Object({
        typeName: Text({ minLength: 1, maxLength: 50 }),
        packageInfos: Type.Array(PackageInfo, { minItems: 1, maxItems: 50 }),
      }),
      { maxItems: 20 },
    ),
  ),
  comboInfos: Type.Optional(Type.Array(PackageInfo, { maxItems: 50 })),
})

/** The product center's filters, through the products' catalogue models. */
export const BrowseQuery = Type.Object({
  categoryId: Type.Optional(Type.Union([Id(), Type.Literal('')])),
  seriesId: Type.Optional(Type.Union([Id(), Type.Literal('')])),
  sceneId: Type.Optional(Type.Union([Id(), Type.Literal('')])),
})

export const CartAddBody = Type.Object({
  isPackage: Type.Boolean(),
  productId: Type.Optional(Id()),
  packageId: Type.Optional(Id()),
  num: Type.Optional(Num),
})
export const CartEditBody = Type.Object({ cartId: Id(), num: Num })

export const AddressFields = Type.Object({
  consignee: Text({ minLength: 1, maxLength: 50 }),
  phone: Text({ minLength: 1, maxLength: 20 }),
  provinceCode: Text({ minLength: 1, maxLength: 12 }),
  cityCode: Text({ minLength: 1, maxLength: 12 }),
  areaCode: Text({ minLength: 1, maxLength: 12 }),
  street: Text({ minLength: 1, maxLength: 150 }),
  isDefault: Type.Optional(Type.Boolean()),
})
export const AddressEditBody = Type.Composite([Type.Partial(AddressFields), Type.Object({ addressId: Id() })])

export const PlaceBody = Type.Object({
  cartIds: Type.Array(Id(), { minItems: 1, maxItems: 100 }),
  addressId: Id(),
  /** The total the buyer was shown: a price changed since is refused rather than charged. */
  expectedTotalCents: Money({ maximum: 1_000_000_000_000 }),
  remark: Type.Optional(Text({ maxLength: 200 })),
})
export const ShipBody = Type.Object({
  orderId: Id(),
  carrier: Text({ minLength: 1, maxLength: 50 }),
  trackingNo: Text({ minLength: 1, maxLength: 50 }),
})
export const OrderListQuery = Type.Object({
  orderNo: Type.Optional(Text({ maxLength: 32 })),
  state: Type.Optional(Type.Union([Type.Literal(''), Text({ maxLength: 10 })])),
  propertyId: Type.Optional(Id()),
})
