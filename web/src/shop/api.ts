// Server calls of the shop screens (server/src/shop, protocol/src/api/shop.ts).
import type { PageResult, Result } from '@pms/protocol'
import type {
  BrowseFacets,
  CartLine,
  ShipAddress,
  ShopOrder,
  ShopPackage,
  ShopProduct,
} from '@pms/protocol/api/shop'
import { download } from '../api/download.ts'
import type { Params } from '../api/query.ts'
import { http } from '../api/request.ts'
import { crudApi } from '../ui/crud/api.ts'
import { exportFileName } from '../ui/format.ts'

export const productApi = crudApi<ShopProduct>('/ord/ordProduct')
export const packageApi = crudApi<ShopPackage>('/ord/ordPackage')
export const facetsApi = () => http.get<Result<BrowseFacets>>('/ord/ordProduct/facets')

export const cartApi = {
  list: (options?: { quiet?: boolean }) =>
    http.get<Result<CartLine[]>>('/ord/ordShopCart/shopCartList', undefined, options),
  add: (body: { isPackage: boolean; productId?: number; packageId?: number; num?: number }) =>
    http.post<Result<CartLine>>('/ord/ordShopCart', body),
  edit: (cartId: number, num: number) => http.put<Result<CartLine>>('/ord/ordShopCart', { cartId, num }),
  remove: (ids: readonly number[]) => http.delete<Result>(`/ord/ordShopCart/${ids.join(',')}`),
}

/**
 * Adds a product, or a package the SPEC §7 way: with num 1, then the line is updated to what it held before plus the
 * num chosen. Answers the line.
 */
export async function addToCart(item: { productId: number } | { packageId: number }, num: number) {
  if ('productId' in item)
    return (await cartApi.add({ isPackage: false, productId: item.productId, num })).data!
  const line = (await cartApi.add({ isPackage: true, packageId: item.packageId, num: 1 })).data!
  if (num <= 1) return line
  return (await cartApi.edit(line.cartId, line.num + num - 1)).data!
}

export const addressApi = {
  listAll: () => http.get<Result<ShipAddress[]>>('/ord/ordShipAddress/listAll'),
  add: (body: Record<string, unknown>) => http.post<Result<ShipAddress>>('/ord/ordShipAddress', body),
  edit: (body: Record<string, unknown>) => http.put<Result<ShipAddress>>('/ord/ordShipAddress', body),
  remove: (ids: readonly number[]) => http.delete<Result>(`/ord/ordShipAddress/${ids.join(',')}`),
}

export const shopOrderApi = {
  list: (params: Params) => http.get<PageResult<ShopOrder>>('/ord/ordShopOrder/list', params),
  get: (orderId: number) => http.get<Result<ShopOrder>>(`/ord/ordShopOrder/${orderId}`),
  place: (body: { cartIds: number[]; addressId: number; expectedTotalCents: number; remark?: string }) =>
    http.post<Result<ShopOrder>>('/ord/ordShopOrder/place', body),
  pay: (orderId: number) => http.post<Result<ShopOrder>>(`/ord/ordShopOrder/pay/${orderId}`),
  ship: (body: { orderId: number; carrier: string; trackingNo: string }) =>
    http.post<Result<ShopOrder>>('/ord/ordShopOrder/ship', body),
  receive: (orderId: number) => http.post<Result<ShopOrder>>(`/ord/ordShopOrder/receive/${orderId}`),
  cancel: (orderId: number) => http.post<Result<ShopOrder>>(`/ord/ordShopOrder/cancel/${orderId}`),
}

/** Saves a shop order's spreadsheet where the user is. */
export function exportShopOrder(order: Pick<ShopOrder, 'orderId' | 'orderNo'>, now = new Date()) {
  return download(
    `/ord/ordShopOrder/export/${order.orderId}`,
    {},
    exportFileName(`shop_order_${order.orderNo}`, now),
  )
}

/** Paths of the shop screens (menu entries of server/src/shop/menus.ts). */
export const ShopPath = {
  center: '/shop/center',
  product: (id: number) => `/shop/product?productId=${id}`,
  package: (id: number) => `/shop/package?packageId=${id}`,
  cart: '/shop/cart',
  checkout: (cartIds: number[]) => `/shop/checkout?cartIds=${cartIds.join(',')}`,
  addresses: '/shop/address',
  orders: '/shop/orders',
  print: (orderId: number) => `/ordShopOrder/print?orderId=${orderId}`,
} as const

/** The first image of a comma-separated list, or ''. */
export const firstImage = (images: string) => images.split(',')[0]?.trim() ?? ''
