// Menu seed of the room stock: one list screen per resource (and the area list) under the 'room stock' group, each
// resource's other actions as buttons of its screen, and the grants by role.

import { ROOM_LONG_TERM_PERMISSION, ROOM_STATE_PERMISSION } from '@pms/protocol/api/room-status'
import { AREA_MENU } from '../areas/menus.ts'
import type { MenuSeed } from '../seed/menu-seed.ts'

/** Permission prefixes of the room-stock resources; list, query, add, edit and remove are appended. */
export const RoomStockPermission = {
  park: 'pms:pmsPark',
  building: 'pms:pmsBuilding',
  unit: 'pms:pmsUnit',
  floor: 'pms:pmsFloor',
  room: 'pms:pmsRoom',
  roomType: 'pms:pmsRoomType',
  roomAttribute: 'pms:pmsRoomAttribute',
  buildingGroup: 'pms:pmsBuildingGroup',
  hourlyRule: 'pms:pmsHourlyRule',
} as const

export { ROOM_STATE_PERMISSION }

const button = (perms: string): MenuSeed => ({ name: perms, type: 'F', perms })

/** A list screen of the console: shown with `{prefix}:list`, its other actions as buttons below it. */
const screen = (key: keyof typeof RoomStockPermission, more: MenuSeed[] = []): MenuSeed => {
  const prefix = RoomStockPermission[key]
  const path = prefix.split(':')[1]!
  return {
    name: `roomStockConsole.menu.${key}`,
    type: 'C',
    path,
    component: `pms/${path}/index`,
    perms: `${prefix}:list`,
    userTypes: '2',
    children: [...['query', 'add', 'edit', 'remove'].map((a) => button(`${prefix}:${a}`)), ...more],
  }
}

export const ROOM_STOCK_MENU: MenuSeed = {
  name: 'roomStock.menu',
  type: 'M',
  path: 'roomStock',
  icon: 'hotel',
  userTypes: '2',
  children: [
    // The room status chart is the desk's home: it sits first in the front-desk menu (orders/menus.ts).
    screen('room', [button(ROOM_STATE_PERMISSION), button(ROOM_LONG_TERM_PERMISSION)]),
    screen('roomType'),
    screen('building'),
    screen('floor'),
    screen('unit'),
    screen('park'),
    screen('roomAttribute'),
    screen('buildingGroup'),
    screen('hourlyRule'),
    AREA_MENU,
  ],
}

/** Grants of the room stock, by role; each entry is a whole permission or a prefix. */
export const ROOM_STOCK_ROLE_PERMISSIONS = {
  merchant_admin: Object.values(RoomStockPermission),
  // The desk reads the room status chart (pms:pmsRoom:list) and room types (booking; the folio's cost items): the grant brings the read-only room-type screen.
  front_desk: [
    `${RoomStockPermission.room}:list`,
    ROOM_STATE_PERMISSION,
    `${RoomStockPermission.roomType}:query`,
  ],
} as const
