// Menu seed of the shop: the platform sells (products, packages, every property's shop orders); a property buys
// (product center with its detail pages, cart, shipping addresses, checkout, its shop orders). Grants by role.
import { ShopPermission } from '@pms/protocol/api/shop'
import type { MenuSeed } from '../seed/menu-seed.ts'

const button = (perms: string): MenuSeed => ({ name: perms, type: 'F', perms })
const crudButtons = (prefix: string) =>
  ['query', 'add', 'edit', 'remove'].map((a) => button(`${prefix}:${a}`))
const screen = (
  name: string,
  path: string,
  component: string,
  perms: string,
  userTypes: string,
  options: { hidden?: boolean; children?: MenuSeed[] } = {},
): MenuSeed => ({ name, type: 'C', path, component, perms, userTypes, ...options })

export const SHOP_ADMIN_MENU: MenuSeed = {
  name: 'shop.menu.admin',
  type: 'M',
  path: 'shopAdmin',
  icon: 'shopping',
  userTypes: '1',
  children: [
    screen(
      'shop.menu.products',
      'ordProduct',
      'ord/ordProduct/index',
      `${ShopPermission.product}:list`,
      '1',
      {
        children: crudButtons(ShopPermission.product),
      },
    ),
    screen(
      'shop.menu.packages',
      'ordPackage',
      'ord/ordPackage/index',
      `${ShopPermission.package}:list`,
      '1',
      {
        children: crudButtons(ShopPermission.package),
      },
    ),
    screen('shop.menu.orderAdmin', 'ordShopOrder', 'ord/ordShopOrder/admin', ShopPermission.orderList, '1', {
      children: [ShopPermission.orderQuery, ShopPermission.manage, ShopPermission.cancel].map(button),
    }),
  ],
}

export const SHOP_MENU: MenuSeed = {
  name: 'shop.menu',
  type: 'M',
  path: 'shop',
  icon: 'shopping',
  userTypes: '2',
  children: [
    screen('shop.menu.center', 'center', 'ord/productCenter/index', `${ShopPermission.product}:list`, '2', {
      children: [
        button(`${ShopPermission.product}:query`),
        button(`${ShopPermission.package}:list`),
        button(`${ShopPermission.package}:query`),
      ],
    }),
    screen(
      'shop.menu.productDetail',
      'product',
      'ord/ordProduct/detail',
      `${ShopPermission.product}:query`,
      '2',
      {
        hidden: true,
      },
    ),
    screen(
      'shop.menu.packageDetail',
      'package',
      'ord/ordPackage/detail',
      `${ShopPermission.package}:query`,
      '2',
      {
        hidden: true,
      },
    ),
    screen('shop.menu.cart', 'cart', 'ord/ordShopCart/index', `${ShopPermission.cart}:list`, '2', {
      children: ['query', 'add', 'edit', 'remove'].map((a) => button(`${ShopPermission.cart}:${a}`)),
    }),
    screen('shop.menu.checkout', 'checkout', 'ord/ordShopOrder/checkout', ShopPermission.place, '2', {
      hidden: true,
    }),
    screen(
      'shop.menu.addresses',
      'address',
      'ord/ordShipAddress/index',
      `${ShopPermission.address}:list`,
      '2',
      {
        children: crudButtons(ShopPermission.address),
      },
    ),
    screen('shop.menu.orders', 'orders', 'ord/ordShopOrder/index', ShopPermission.orderList, '2', {
      children: [ShopPermission.orderQuery, ShopPermission.place, ShopPermission.cancel].map(button),
    }),
  ],
}

/** The platform admin sells and manages orders; the property admin browses and buys. */
export const SHOP_ROLE_PERMISSIONS = {
  sys_admin: [ShopPermission.product, ShopPermission.package, ShopPermission.order],
  merchant_admin: [
    ShopPermission.product,
    ShopPermission.package,
    ShopPermission.cart,
    ShopPermission.address,
    ShopPermission.orderList,
    ShopPermission.orderQuery,
    ShopPermission.place,
    ShopPermission.cancel,
  ],
} as const
