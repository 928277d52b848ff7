// The getCardIssuerAuthorization request: its schema, and the checks that need no database (SPEC §5, §8).
import {
  CARD_END_TIME_MAX,
  CardType,
  cardKeyEndTime,
  isCardType,
  isDate,
  isDateTime,
  type ProtocolCategory,
  parseProtocolCategory,
} from '@pms/protocol'
import { needsStaffIssue } from '@pms/protocol/api/card-issue'
import { type Static, Type } from '@sinclair/typebox'
import { badRequest } from '../http/errors.ts'

export const UID_PATTERN = '^([0-9A-Fa-f]{8}|[0-9A-Fa-f]{14})$'
const Id = Type.Integer({ minimum: 1 })
const CardTime = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ minLength: 1, maxLength: 19 })])

export const CardIssueBody = Type.Object({
  protocol: Type.String({ minLength: 1, maxLength: 20 }),
  cardType: Type.Integer({ minimum: -128, maximum: 127 }),
  uid: Type.String({ pattern: UID_PATTERN }),
  roomId: Type.Optional(Id),
  buildingId: Type.Optional(Id),
  floorIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 64 })),
  orderId: Type.Optional(Id),
  /** A stay (order room): its room, order, guest and validity are taken from it (orders/card-stay.ts). */
  orderRoomId: Type.Optional(Id),
  guestName: Type.Optional(Type.String({ maxLength: 50 })),
  startTime: Type.Optional(CardTime),
  endTime: Type.Optional(CardTime),
  flags: Type.Optional(Type.Integer({ minimum: 0, maximum: 0xffff })),
  targetCardNo: Type.Optional(Type.Integer({ minimum: 0, maximum: CARD_END_TIME_MAX })),
  /** Why a card that needs the staff card permission (protocol needsStaffIssue) is issued. */
  reason: Type.Optional(Type.String({ maxLength: 200 })),
})
export type CardIssueBody = Static<typeof CardIssueBody>

/** What a card type must be tied to. Data, not ifs; types not listed may name any scope or none. */
const CARD_TYPE_NEEDS: Partial<Record<CardType, 'room' | 'floor' | 'building' | 'floors'>> = {
  [CardType.GUEST]: 'room',
  [CardType.CHECKOUT]: 'room',
  [CardType.CLEAR]: 'room',
  [CardType.FLOOR]: 'floor',
  [CardType.BUILDING]: 'building',
  [CardType.ELEVATOR]: 'floors',
}

export interface CardIssueInput {
  protocol: ProtocolCategory
  cardType: CardType
  uid: string
  roomId?: number
  buildingId?: number
  floorIds: number[]
  orderId?: number
  orderRoomId?: number
  guestName: string
  startTime: number
  endTime: number
  flags: number
  targetCardNo: number
  reason: string
}

/**
 * A start or end time in seconds: unix seconds (number or digits) or 'YYYY-MM-DD hh:mm:ss' on the property's clock
 * (`timeZone`); a date alone is 00:00:00 for a start and 23:59:59 for an end (the card-key rule of §5). Capped at
 * 4294967295; undefined when unreadable.
 */
export function cardTime(
  value: number | string,
  edge: 'start' | 'end',
  timeZone: string,
): number | undefined {
  if (typeof value === 'number') return cardKeyEndTime(value)
  const text = value.trim()
  if (/^\d{1,10}$/.test(text)) return cardKeyEndTime(Number(text))
  if (edge === 'start' && isDate(text)) return cardKeyEndTime(`${text} 00:00:00`, timeZone)
  return isDateTime(text) || isDate(text) ? cardKeyEndTime(text, timeZone) : undefined
}

/**
 * Checks what needs no database; times typed as text are read on the property's clock (`timeZone`). A GUEST card
 * needs a stay (`orderRoomId`) and its guest.
 */
export function parseIssueRequest(body: CardIssueBody, timeZone: string): CardIssueInput {
  const protocol = parseProtocolCategory(body.protocol)
  if (!protocol) throw badRequest('validation.enum', ['protocol'])
  if (!isCardType(body.cardType) || body.cardType === CardType.NONE)
    throw badRequest('validation.enum', ['cardType'])
  const cardType = body.cardType
  if (body.startTime === undefined) throw badRequest('validation.required', ['startTime'])
  if (body.endTime === undefined) throw badRequest('validation.required', ['endTime'])
  const startTime = cardTime(body.startTime, 'start', timeZone)
  if (startTime === undefined) throw badRequest('cardRecord.badTime', ['startTime'])
  const endTime = cardTime(body.endTime, 'end', timeZone)
  if (endTime === undefined) throw badRequest('cardRecord.badTime', ['endTime'])
  if (endTime <= startTime) throw badRequest('cardRecord.endBeforeStart', ['endTime', 'startTime'])
  const floorIds = [...new Set(body.floorIds ?? [])]
  switch (CARD_TYPE_NEEDS[cardType]) {
    case 'room':
      if (!body.roomId) throw badRequest('cardRecord.needScope', ['roomId'])
      break
    case 'floor':
      if (floorIds.length !== 1) throw badRequest('cardRecord.needOneFloor', ['floorIds'])
      break
    case 'building':
      if (!body.buildingId) throw badRequest('cardRecord.needScope', ['buildingId'])
      break
    case 'floors':
      if (floorIds.length === 0) throw badRequest('cardRecord.needScope', ['floorIds'])
      break
    case undefined:
      break
  }
  const guestName = body.guestName?.trim() ?? ''
  // A guest card belongs to a stay (the route reads room, guest and validity from it).
  if (cardType === CardType.GUEST && !body.orderRoomId)
    throw badRequest('cardRecord.guestNeedsStay', ['orderRoomId'])
  if (cardType === CardType.GUEST && !guestName) throw badRequest('cardRecord.noGuest')
  const reason = body.reason?.trim() ?? ''
  if (needsStaffIssue(cardType) && !reason) throw badRequest('cardRecord.reasonRequired', ['reason'])
  return {
    protocol,
    cardType,
    uid: body.uid.toUpperCase(),
    roomId: body.roomId,
    buildingId: body.buildingId,
    floorIds,
    orderId: body.orderId,
    orderRoomId: body.orderRoomId,
    guestName,
    startTime,
    endTime,
    flags: body.flags ?? 0,
    targetCardNo: body.targetCardNo ?? 0,
    reason,
  }
}
