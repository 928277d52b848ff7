// Permission prefixes of the room-stock resources, as the server's menu seed names them (server/src/room-stock/menus.ts).
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
