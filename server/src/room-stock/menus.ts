// Menu seed of the room stock: permission buttons of each resource on a hidden directory, and the grants by role.
import type { MenuSeed } from '../seed/menus.ts'

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

/** Setting and cancelling room states on the status chart. */
export const ROOM_STATE_PERMISSION = 'pms:pmsRoom:state'

const actions = ['list', 'query', 'add', 'edit', 'remove']
const button = (perms: string): MenuSeed => ({ name: perms, type: 'F', perms })

export const ROOM_STOCK_MENU: MenuSeed = {
  name: 'roomStock.menu',
  type: 'M',
  path: 'roomStock',
  hidden: true,
  userTypes: '2',
  children: [
    ...Object.values(RoomStockPermission).flatMap((prefix) => actions.map((a) => button(`${prefix}:${a}`))),
    button(ROOM_STATE_PERMISSION),
  ],
}

/** Grants of the room stock, by role; each entry is a whole permission or a prefix. */
export const ROOM_STOCK_ROLE_PERMISSIONS = {
  merchant_admin: Object.values(RoomStockPermission),
  front_desk: [`${RoomStockPermission.room}:list`, ROOM_STATE_PERMISSION],
} as const
