/**
 * The shop where a property orders its hardware from the platform (SPEC §1, §3 Shop, §7 Shop; issue 15).
 *
 * Platform administrators (user type 1) sell; property users (type 2, the property admin) buy. Under /prod-api:
 * - GET /ord/ordProduct/list?name=&modelId=&categoryId=&seriesId=&sceneId=&onShelf=   products   ord:ordProduct:list
 *   GET /ord/ordProduct/facets → BrowseFacets (the shelf's categories, series, scenes)     ord:ordProduct:list
 *   GET /ord/ordProduct/{id} (productImages comma-separated)                                     ord:ordProduct:query
 *   POST/PUT/DELETE /ord/ordProduct…  platform only                                   ord:ordProduct:add|edit|remove
 * - GET /ord/ordPackage/list?name=&categoryId=&seriesId=&sceneId=                      packages  ord:ordPackage:list
 *   GET /ord/ordPackage/{id} (packageImages, packageTypeInfos with packageInfos, combo, comboInfos) ord:ordPackage:query
 *   POST/PUT/DELETE /ord/ordPackage…  platform only                                   ord:ordPackage:add|edit|remove
 *   Property users see only what is on the shelf.
 * - POST   /ord/ordShopCart  {productId | packageId, isPackage, num}  → CartLine           ord:ordShopCart:add
 *   A package is added with num 1 (a line that exists gains 1); the console then updates it to the num chosen
 *   (PUT), as SPEC §7 says.
 *   GET    /ord/ordShopCart/shopCartList → CartLine[] (the badge is the sum of num)          ord:ordShopCart:list
 *   PUT    /ord/ordShopCart {cartId, num}                                                    ord:ordShopCart:edit
 *   GET    /ord/ordShopCart/{id}, DELETE /ord/ordShopCart/{ids}                  ord:ordShopCart:query|remove
 * - POST/PUT /ord/ordShipAddress  ShipAddressBody; province, city and area are joined into remark, and remark and
 *   the street line into address                                                     ord:ordShipAddress:add|edit
 *   GET /ord/ordShipAddress/listAll, GET /ord/ordShipAddress/{id}, DELETE /ord/ordShipAddress/{ids}
 *                                                                               ord:ordShipAddress:list|query|remove
 * - POST /ord/ordShopOrder/place {cartIds, addressId, expectedTotalCents, remark} → ShopOrder  ord:ordShopOrder:place
 *   GET  /ord/ordShopOrder/list?orderNo=&state=&propertyId=  (platform: every property's; staff: its own)
 *                                                                                            ord:ordShopOrder:list
 *   GET  /ord/ordShopOrder/{id} → ShopOrder with lines                                     ord:ordShopOrder:query
 *   POST /ord/ordShopOrder/pay/{id}      platform, placed → paid (offline payment)         ord:ordShopOrder:manage
 *   POST /ord/ordShopOrder/ship {orderId, carrier, trackingNo}  platform, paid → shipped   ord:ordShopOrder:manage
 *   POST /ord/ordShopOrder/receive/{id}  the property, shipped → received                  ord:ordShopOrder:place
 *   POST /ord/ordShopOrder/cancel/{id}   placed or paid → cancelled, stock returned
 *                                        (the property its own placed orders; the platform placed or paid)
 *                                                                                          ord:ordShopOrder:cancel
 *   POST /ord/ordShopOrder/export/{id}   xlsx                                               ord:ordShopOrder:query
 */

export const ShopPermission = {
  product: 'ord:ordProduct',
  package: 'ord:ordPackage',
  cart: 'ord:ordShopCart',
  address: 'ord:ordShipAddress',
  order: 'ord:ordShopOrder',
  orderList: 'ord:ordShopOrder:list',
  orderQuery: 'ord:ordShopOrder:query',
  place: 'ord:ordShopOrder:place',
  cancel: 'ord:ordShopOrder:cancel',
  manage: 'ord:ordShopOrder:manage',
} as const

export interface ShopProduct {
  productId: number
  name: string
  modelId: number
  priceCents: number
  stock: number
  /** Image addresses, comma-separated. */
  productImages: string
  description: string
  onShelf: boolean
  /** Names the list answers beside the ids. */
  modelCode?: string
  modelName?: string
}

export interface FacetEntry {
  dictId: number
  code: string
  name: string
  labelKey: string
}
export interface BrowseFacets {
  category: FacetEntry[]
  series: FacetEntry[]
  scene: FacetEntry[]
}

export interface PackageInfo {
  productId: number
  num: number
  productName?: string
}
export interface PackageTypeInfo {
  typeName: string
  packageInfos: PackageInfo[]
}

export interface ShopPackage {
  packageId: number
  name: string
  /** Image addresses, comma-separated. */
  packageImages: string
  priceCents: number
  description: string
  /** The combo's title, e.g. 'Lock + gateway'. */
  combo: string
  onShelf: boolean
  /** What the package holds, grouped by type (GET {id} only). */
  packageTypeInfos?: PackageTypeInfo[]
  /** What the combo adds to the package (GET {id} only). */
  comboInfos?: PackageInfo[]
}

export interface CartLine {
  cartId: number
  isPackage: boolean
  productId: number | null
  packageId: number | null
  num: number
  name: string
  /** The first image. */
  image: string
  priceCents: number
  onShelf: boolean
}

export interface ShipAddress {
  addressId: number
  consignee: string
  phone: string
  provinceCode: string
  cityCode: string
  areaCode: string
  /** Province, city and area names joined. */
  remark: string
  /** The street line as entered. */
  street: string
  /** remark and street joined: the address a parcel is sent to. */
  address: string
  isDefault: boolean
}

export const SHOP_ORDER_STATES = ['placed', 'paid', 'shipped', 'received', 'cancelled'] as const
export type ShopOrderState = (typeof SHOP_ORDER_STATES)[number]

/** Which state each step leads from and to (the transition table of the shop order). */
export const SHOP_ORDER_STEPS = {
  pay: { from: ['placed'], to: 'paid' },
  ship: { from: ['paid'], to: 'shipped' },
  receive: { from: ['shipped'], to: 'received' },
  cancel: { from: ['placed', 'paid'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly ShopOrderState[]; to: ShopOrderState }>
export type ShopOrderStep = keyof typeof SHOP_ORDER_STEPS

export interface ShopOrderLine {
  lineId: number
  isPackage: boolean
  productId: number | null
  packageId: number | null
  name: string
  unitPriceCents: number
  num: number
  amountCents: number
}

export interface ShopOrder {
  orderId: number
  orderNo: string
  propertyId: number
  propertyName?: string
  state: ShopOrderState
  totalCents: number
  itemCount: number
  consignee: string
  phone: string
  address: string
  remark: string
  carrier: string
  trackingNo: string
  createTime: string
  paidTime: string | null
  shippedTime: string | null
  receivedTime: string | null
  cancelledTime: string | null
  createByName?: string
  lines?: ShopOrderLine[]
}
