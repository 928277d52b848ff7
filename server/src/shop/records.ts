// The shop records a property owns, for the API-wide reference check (http/references.ts): a request naming another
// property's cart line, address or shop order is refused as absent before its handler runs.
import { ordShipAddress, ordShopCart, ordShopOrder } from '../db/schema/index.ts'
import type { PropertyRecord, RouteRefs } from '../http/property-records.ts'

export const CartRecord: PropertyRecord = {
  entity: 'shop.entity.cart',
  table: ordShopCart,
  id: ordShopCart.cartId,
  owner: ordShopCart.propertyId,
}

export const AddressRecord: PropertyRecord = {
  entity: 'shop.entity.address',
  table: ordShipAddress,
  id: ordShipAddress.addressId,
  owner: ordShipAddress.propertyId,
}

export const ShopOrderRecord: PropertyRecord = {
  entity: 'shop.entity.order',
  table: ordShopOrder,
  id: ordShopOrder.orderId,
  owner: ordShopOrder.propertyId,
}

/** Products, packages and models are the platform's: no property owns them. `orderId` here is a shop order, not a
 * stay's order. */
export const SHOP_REFS: RouteRefs = {
  productId: false,
  packageId: false,
  modelId: false,
  cartId: CartRecord,
  cartIds: CartRecord,
  addressId: AddressRecord,
  orderId: ShopOrderRecord,
}
