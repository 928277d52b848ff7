// Drizzle definitions of the shop (migrations/0030_shop.sql).
import { bigint, boolean, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'

const id = (name: string) => bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity()
const ref = (name: string) => bigint(name, { mode: 'number' })
const cents = (name: string) => bigint(name, { mode: 'number' })
const created = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow()
const updated = () => timestamp('update_time', { withTimezone: true }).notNull().defaultNow()
const at = (name: string) => timestamp(name, { withTimezone: true })

export const ordProduct = pgTable('ord_product', {
  productId: id('product_id'),
  name: varchar('name', { length: 100 }).notNull(),
  modelId: ref('model_id').notNull(),
  priceCents: cents('price_cents').notNull(),
  stock: integer('stock').notNull().default(0),
  productImages: varchar('product_images', { length: 4000 }).notNull().default(''),
  description: varchar('description', { length: 4000 }).notNull().default(''),
  onShelf: boolean('on_shelf').notNull().default(true),
  createTime: created(),
  updateTime: updated(),
})

export const ordPackage = pgTable('ord_package', {
  packageId: id('package_id'),
  name: varchar('name', { length: 100 }).notNull(),
  packageImages: varchar('package_images', { length: 4000 }).notNull().default(''),
  priceCents: cents('price_cents').notNull(),
  description: varchar('description', { length: 4000 }).notNull().default(''),
  combo: varchar('combo', { length: 200 }).notNull().default(''),
  onShelf: boolean('on_shelf').notNull().default(true),
  createTime: created(),
  updateTime: updated(),
})

export const ordPackageType = pgTable('ord_package_type', {
  typeId: id('type_id'),
  packageId: ref('package_id').notNull(),
  typeName: varchar('type_name', { length: 50 }).notNull(),
  sort: integer('sort').notNull().default(0),
})

export const ordPackageItem = pgTable('ord_package_item', {
  itemId: id('item_id'),
  typeId: ref('type_id').notNull(),
  productId: ref('product_id').notNull(),
  num: integer('num').notNull(),
})

export const ordPackageCombo = pgTable('ord_package_combo', {
  comboId: id('combo_id'),
  packageId: ref('package_id').notNull(),
  productId: ref('product_id').notNull(),
  num: integer('num').notNull(),
})

export const ordShopCart = pgTable('ord_shop_cart', {
  cartId: id('cart_id'),
  propertyId: ref('property_id').notNull(),
  userId: ref('user_id').notNull(),
  isPackage: boolean('is_package').notNull(),
  productId: ref('product_id'),
  packageId: ref('package_id'),
  num: integer('num').notNull(),
  createTime: created(),
  updateTime: updated(),
})

export const ordShipAddress = pgTable('ord_ship_address', {
  addressId: id('address_id'),
  propertyId: ref('property_id').notNull(),
  consignee: varchar('consignee', { length: 50 }).notNull(),
  phone: varchar('phone', { length: 20 }).notNull(),
  provinceCode: varchar('province_code', { length: 12 }).notNull(),
  cityCode: varchar('city_code', { length: 12 }).notNull(),
  areaCode: varchar('area_code', { length: 12 }).notNull(),
  remark: varchar('remark', { length: 200 }).notNull(),
  street: varchar('street', { length: 200 }).notNull(),
  address: varchar('address', { length: 400 }).notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  createTime: created(),
  updateTime: updated(),
})

export const ordShopOrder = pgTable('ord_shop_order', {
  orderId: id('order_id'),
  orderNo: varchar('order_no', { length: 32 }).notNull(),
  propertyId: ref('property_id').notNull(),
  state: varchar('state', { length: 10 }).notNull().default('placed'),
  totalCents: cents('total_cents').notNull(),
  itemCount: integer('item_count').notNull(),
  consignee: varchar('consignee', { length: 50 }).notNull(),
  phone: varchar('phone', { length: 20 }).notNull(),
  address: varchar('address', { length: 400 }).notNull(),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  carrier: varchar('carrier', { length: 50 }).notNull().default(''),
  trackingNo: varchar('tracking_no', { length: 50 }).notNull().default(''),
  createBy: ref('create_by'),
  createTime: created(),
  paidTime: at('paid_time'),
  shippedTime: at('shipped_time'),
  receivedTime: at('received_time'),
  cancelledTime: at('cancelled_time'),
})

export const ordShopOrderLine = pgTable('ord_shop_order_line', {
  lineId: id('line_id'),
  orderId: ref('order_id').notNull(),
  isPackage: boolean('is_package').notNull(),
  productId: ref('product_id'),
  packageId: ref('package_id'),
  name: varchar('name', { length: 100 }).notNull(),
  unitPriceCents: cents('unit_price_cents').notNull(),
  num: integer('num').notNull(),
  amountCents: cents('amount_cents').notNull(),
})

export const ordShopOrderStock = pgTable(
  'ord_shop_order_stock',
  {
    orderId: ref('order_id').notNull(),
    productId: ref('product_id').notNull(),
    num: integer('num').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.productId] })],
)
