// The records a property owns, and which request field names point at them. One table for the whole API: the
// reference check (references.ts) refuses another property's ids in any write request, and the foreign-reference walk
// (test/api/foreign-refs-walk.test.ts) proves it for every write route of the route table.
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import {
  area,
  building,
  buildingGroup,
  cardRecord,
  chargeItem,
  fAccount,
  fJournalCategory,
  fJournalDetailed,
  floor,
  folioEntry,
  fSubject,
  fSubjectCategory,
  fSubjectCategoryDetail,
  fVoucher,
  hourlyRule,
  member,
  memberGrade,
  memberTag,
  order,
  orderGuest,
  orderRoom,
  park,
  propertyFile,
  pushRecord,
  rechargeType,
  room,
  roomAttribute,
  roomType,
  roomTypeCost,
  unit,
} from '../db/schema/index.ts'

/** A kind of record that belongs to one property. */
export interface PropertyRecord {
  /** Language-pack key naming one record, for the 'does not exist' answer. */
  entity: string
  table: PgTable
  id: PgColumn
  /** The column holding the owning property, or a column naming the record that holds it (a room type's cost
   * belongs to the room type's property). */
  owner: PgColumn | { through: PgColumn; record: PropertyRecord }
}

const owned = (entity: string, table: PgTable, id: PgColumn, property: PgColumn): PropertyRecord => ({
  entity,
  table,
  id,
  owner: property,
})

/** The property-owned records requests name, by what the hotel calls them. */
export const Records = {
  order: owned('billing.entity.order', order, order.orderId, order.propertyId),
  orderRoom: owned('orders.entity.orderRoom', orderRoom, orderRoom.orderRoomId, orderRoom.propertyId),
  orderGuest: owned('orders.entity.guest', orderGuest, orderGuest.guestId, orderGuest.propertyId),
  folioEntry: owned('members.entity.payment', folioEntry, folioEntry.entryId, folioEntry.propertyId),
  chargeItem: owned('chargeItem.entity', chargeItem, chargeItem.chargeItemId, chargeItem.propertyId),
  room: owned('entity.room', room, room.roomId, room.propertyId),
  roomType: owned('entity.roomType', roomType, roomType.roomTypeId, roomType.propertyId),
  building: owned('entity.building', building, building.buildingId, building.propertyId),
  floor: owned('entity.floor', floor, floor.floorId, floor.propertyId),
  unit: owned('entity.unit', unit, unit.unitId, unit.propertyId),
  park: owned('entity.park', park, park.parkId, park.propertyId),
  area: owned('entity.area', area, area.areaId, area.propertyId),
  roomAttribute: owned(
    'entity.roomAttribute',
    roomAttribute,
    roomAttribute.attributeId,
    roomAttribute.propertyId,
  ),
  buildingGroup: owned(
    'entity.buildingGroup',
    buildingGroup,
    buildingGroup.groupId,
    buildingGroup.propertyId,
  ),
  hourlyRule: owned('entity.hourlyRule', hourlyRule, hourlyRule.ruleId, hourlyRule.propertyId),
  cardRecord: owned('cardRecord.entity.record', cardRecord, cardRecord.recordId, cardRecord.propertyId),
  pushRecord: owned('entity.pushRecord', pushRecord, pushRecord.recordId, pushRecord.propertyId),
  file: owned('entity.file', propertyFile, propertyFile.fileId, propertyFile.propertyId),
  member: owned('members.entity.member', member, member.memberId, member.propertyId),
  memberGrade: owned('members.entity.grade', memberGrade, memberGrade.gradeId, memberGrade.propertyId),
  memberTag: owned('members.entity.tag', memberTag, memberTag.tagId, memberTag.propertyId),
  rechargeType: owned(
    'members.entity.rechargeType',
    rechargeType,
    rechargeType.rechargeTypeId,
    rechargeType.propertyId,
  ),
  subjectCategory: owned(
    'finance.entity.subjectCategory',
    fSubjectCategory,
    fSubjectCategory.categoryId,
    fSubjectCategory.propertyId,
  ),
  subjectCategoryDetail: owned(
    'finance.entity.subjectCategoryDetail',
    fSubjectCategoryDetail,
    fSubjectCategoryDetail.detailId,
    fSubjectCategoryDetail.propertyId,
  ),
  subject: owned('finance.entity.subject', fSubject, fSubject.subjectId, fSubject.propertyId),
  account: owned('finance.entity.account', fAccount, fAccount.accountId, fAccount.propertyId),
  journalCategory: owned(
    'finance.entity.journalCategory',
    fJournalCategory,
    fJournalCategory.categoryId,
    fJournalCategory.propertyId,
  ),
  journal: owned(
    'finance.entity.journal',
    fJournalDetailed,
    fJournalDetailed.journalId,
    fJournalDetailed.propertyId,
  ),
  voucher: owned('finance.entity.voucher', fVoucher, fVoucher.voucherId, fVoucher.propertyId),
} satisfies Record<string, PropertyRecord>

// Declared after Records: a cost item is its room type's.
const roomTypeCostRecord: PropertyRecord = {
  entity: 'billing.entity.costItem',
  table: roomTypeCost,
  id: roomTypeCost.costId,
  owner: { through: roomTypeCost.roomTypeId, record: Records.roomType },
}

/**
 * What a field of a route's params, query or body names: a property-owned record, or `false` for a record no property
 * owns (a user, a role, a menu, a property itself: those have their own checks). A route states what its other fields
 * name in `config.refs`; a name that means different things on different routes (`id`, `parentId`, `categoryId`) is
 * not listed here and must be stated by each write route that takes it.
 */
export type RouteRefs = Record<string, PropertyRecord | false>

/** Field names that mean the same record on every route that takes them, at any depth of a body. */
export const FIELD_RECORDS: RouteRefs = {
  orderId: Records.order,
  orderRoomId: Records.orderRoom,
  orderRoomIds: Records.orderRoom,
  mainRoomId: Records.orderRoom,
  guestId: Records.orderGuest,
  entryId: Records.folioEntry,
  chargeItemId: Records.chargeItem,
  costId: roomTypeCostRecord,
  roomId: Records.room,
  roomIds: Records.room,
  roomTypeId: Records.roomType,
  buildingId: Records.building,
  buildingIds: Records.building,
  floorId: Records.floor,
  floorIds: Records.floor,
  unitId: Records.unit,
  parkId: Records.park,
  areaId: Records.area,
  attributeId: Records.roomAttribute,
  attributeIds: Records.roomAttribute,
  memberId: Records.member,
  gradeId: Records.memberGrade,
  tagId: Records.memberTag,
  tagIds: Records.memberTag,
  rechargeTypeId: Records.rechargeType,
  detailId: Records.subjectCategoryDetail,
  subjectId: Records.subject,
  accountId: Records.account,
  journalId: Records.journal,
  voucherId: Records.voucher,
  // Not owned by a property.
  propertyId: false,
  userId: false,
  userIds: false,
  adminUserId: false,
  roleId: false,
  roleIds: false,
  menuId: false,
  menuIds: false,
}

/** What `name` names on a route that declares `refs`: a record, false (no property owns it), or undefined (unknown). */
export function referenceOf(name: string, refs: RouteRefs | undefined): PropertyRecord | false | undefined {
  if (refs && Object.hasOwn(refs, name)) return refs[name]
  return Object.hasOwn(FIELD_RECORDS, name) ? FIELD_RECORDS[name] : undefined
}
