// The front desk's menu (reservations, orders, check-in and check-out screens, with the permissions of reservations,
// orders, stays and guests as buttons) and the grants by role.
import type { MenuSeed } from '../seed/menu-seed.ts'

export const ReservePermission = {
  list: 'pms:pmsReserve:list',
  query: 'pms:pmsReserve:query',
  add: 'pms:pmsReserve:add',
  edit: 'pms:pmsReserve:edit',
  /** Cancel booking, apply for cancellation, restore booking, no-show. */
  cancel: 'pms:pmsReserve:cancel',
  /** Approve or refuse a cancellation application. */
  audit: 'pms:pmsReserve:audit',
} as const

export const OrderPermission = {
  list: 'pms:pmsOrder:list',
  query: 'pms:pmsOrder:query',
  checkIn: 'pms:pmsOrder:checkIn',
  checkOut: 'pms:pmsOrder:checkOut',
  /** Room actions: main account, joint rooms, change/add/remove room, extend stay. */
  edit: 'pms:pmsOrder:edit',
  /** Any price other than the room type's. */
  changePrice: 'pms:pmsOrder:changePrice',
  guest: 'pms:pmsOrder:guest',
} as const

const button = (perms: string): MenuSeed => ({ name: perms, type: 'F', perms })
const screen = (name: string, path: string, component: string, perms: string, hidden = false): MenuSeed => ({
  name,
  type: 'C',
  path,
  component,
  perms,
  hidden,
  userTypes: '2',
})

export const ORDER_MENU: MenuSeed = {
  name: 'orders.menu',
  type: 'M',
  path: 'frontDesk',
  icon: 'hotel',
  userTypes: '2',
  children: [
    // The desk's home: the room status chart (reading it takes pms:pmsRoom:list, its state actions
    // pms:pmsRoom:state, both granted with the room stock).
    {
      name: 'roomStatus.menu',
      type: 'C',
      path: 'roomStatus',
      component: 'pms/roomStatus/index',
      perms: 'pms:pmsRoom:list',
      icon: 'hotel',
      userTypes: '2',
    },
    // The console's front-desk screens (web/src/front-desk); /reserve is a console route (SPEC §2.1).
    screen('frontDeskConsole.menu.reserve', '/reserve', 'pms/reserve/index', ReservePermission.list),
    screen('frontDeskConsole.menu.orders', 'pmsOrder', 'pms/pmsOrder/index', OrderPermission.list),
    screen(
      'frontDeskConsole.menu.detail',
      'pmsOrder/detail',
      'pms/pmsOrder/detail',
      OrderPermission.query,
      true,
    ),
    screen(
      'frontDeskConsole.menu.checkIn',
      'pmsOrder/checkIn',
      'pms/pmsOrder/checkIn',
      OrderPermission.checkIn,
      true,
    ),
    screen(
      'frontDeskConsole.menu.checkOut',
      'pmsOrder/checkOut',
      'pms/pmsOrder/checkOut',
      OrderPermission.checkOut,
      true,
    ),
    ...[...Object.values(ReservePermission), ...Object.values(OrderPermission)].map(button),
  ],
}

/** Grants by role: the front desk does everything but audit cancellations, and override prices. Hotel timing is set in the property settings (pms:pmsProperty:config). */
export const ORDER_ROLE_PERMISSIONS = {
  merchant_admin: ['pms:pmsReserve', 'pms:pmsOrder'],
  front_desk: [
    ReservePermission.list,
    ReservePermission.query,
    ReservePermission.add,
    ReservePermission.edit,
    ReservePermission.cancel,
    OrderPermission.list,
    OrderPermission.query,
    OrderPermission.checkIn,
    OrderPermission.checkOut,
    OrderPermission.edit,
    OrderPermission.guest,
  ],
} as const
