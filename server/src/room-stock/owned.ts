// The property-owned room-stock tables, described once for the reference checks of references.ts.
import {
  building,
  buildingGroup,
  floor,
  park,
  room,
  roomAttribute,
  roomType,
  unit,
} from '../db/schema/index.ts'

export const Owned = {
  park: { table: park, id: park.parkId, propertyId: park.propertyId, entity: 'entity.park' },
  building: {
    table: building,
    id: building.buildingId,
    propertyId: building.propertyId,
    entity: 'entity.building',
  },
  unit: { table: unit, id: unit.unitId, propertyId: unit.propertyId, entity: 'entity.unit' },
  floor: { table: floor, id: floor.floorId, propertyId: floor.propertyId, entity: 'entity.floor' },
  room: { table: room, id: room.roomId, propertyId: room.propertyId, entity: 'entity.room' },
  roomType: {
    table: roomType,
    id: roomType.roomTypeId,
    propertyId: roomType.propertyId,
    entity: 'entity.roomType',
  },
  roomAttribute: {
    table: roomAttribute,
    id: roomAttribute.attributeId,
    propertyId: roomAttribute.propertyId,
    entity: 'entity.roomAttribute',
  },
  buildingGroup: {
    table: buildingGroup,
    id: buildingGroup.groupId,
    propertyId: buildingGroup.propertyId,
    entity: 'entity.buildingGroup',
  },
} as const
