// The places a card can be tied to (GET /pms/pmsCardRecord/scopes): the current property's buildings, floors, rooms.

export interface CardScopeRoom {
  roomId: number
  roomNo: string
}

export interface CardScopeFloor {
  floorId: number
  floorNo: number
  floorName: string
  rooms: CardScopeRoom[]
}

export interface CardScopeBuilding {
  buildingId: number
  buildingName: string
  floors: CardScopeFloor[]
}

/** data of GET /pms/pmsCardRecord/scopes, ordered by building sort, floor number, room number. */
export interface CardScopeView {
  buildings: CardScopeBuilding[]
}
