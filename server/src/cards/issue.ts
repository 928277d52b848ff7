// Issuing a card (DESIGN §3 step 2): scope checked against the property, next issue sequence, a waiting card record,
// and the grant sealed with the property's card secret, all in one transaction.
import {
  type AuthMode,
  buildMifareGrant,
  type CardFields,
  CardFlag,
  CardType,
  CPU_CARD_AID,
  CPU_CARD_SFI,
  ELEVATOR_FLOOR_MAX,
  encodeCpuCardFile,
  fromHex,
  ProtocolError,
  toHex,
} from '@pms/protocol'
import type { CardGrant, CardIssueAuthorization } from '@pms/protocol/api/card-issue'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { building, cardRecord, cardSequence, floor, room } from '../db/schema/index.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { assertOwnRefs } from '../http/references.ts'
import { cardSealingSecret, ensureCardKey } from './card-keys.ts'
import type { CardIssueInput } from './issue-request.ts'
import { PROTOCOL_ISSUING } from './permissions.ts'

interface CardScope {
  buildingId: number
  floorId: number
  roomId: number
  elevatorFloors: number[]
}

/** The room, building and floors the card names, each required to belong to the property (tenancy). */
async function resolveScope(db: Db, propertyId: number, input: CardIssueInput): Promise<CardScope> {
  const [theRoom] = input.roomId
    ? await db
        .select()
        .from(room)
        .where(and(eq(room.roomId, input.roomId), eq(room.propertyId, propertyId)))
    : []
  if (input.roomId && !theRoom) throw notFound('cardRecord.entity.room')
  if (input.buildingId) {
    const [found] = await db
      .select({ id: building.buildingId })
      .from(building)
      .where(and(eq(building.buildingId, input.buildingId), eq(building.propertyId, propertyId)))
    if (!found) throw notFound('cardRecord.entity.building')
    if (theRoom && theRoom.buildingId !== input.buildingId)
      throw badRequest('cardRecord.scopeMismatch', ['buildingId', 'roomId'])
  }
  const floors = input.floorIds.length
    ? await db
        .select()
        .from(floor)
        .where(and(inArray(floor.floorId, input.floorIds), eq(floor.propertyId, propertyId)))
    : []
  if (floors.length !== input.floorIds.length) throw notFound('cardRecord.entity.floor')
  const single = !theRoom && floors.length === 1 ? floors[0] : undefined
  if (single && input.buildingId && single.buildingId !== input.buildingId)
    throw badRequest('cardRecord.scopeMismatch', ['floorIds', 'buildingId'])
  const elevator = input.cardType === CardType.ELEVATOR || (input.flags & CardFlag.ELEVATOR) !== 0
  const elevatorFloors = elevator ? floors.map((f) => f.floorNo).sort((a, b) => a - b) : []
  if (elevatorFloors.some((n) => n < 1 || n > ELEVATOR_FLOOR_MAX))
    throw badRequest('cardRecord.elevatorFloor', ['floorIds', ELEVATOR_FLOOR_MAX])
  return {
    roomId: theRoom?.roomId ?? 0,
    floorId: theRoom?.floorId ?? single?.floorId ?? 0,
    buildingId: theRoom?.buildingId ?? input.buildingId ?? single?.buildingId ?? 0,
    elevatorFloors,
  }
}

/** The next issue sequence of (property, room): one atomic upsert, so concurrent issues never share a number. */
async function nextIssueSequence(db: Db, propertyId: number, roomId: number): Promise<number> {
  const [row] = await db
    .insert(cardSequence)
    .values({ propertyId, roomId, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [cardSequence.propertyId, cardSequence.roomId],
      set: { lastSequence: sql`${cardSequence.lastSequence} + 1` },
    })
    .returning({ value: cardSequence.lastSequence })
  return row!.value
}

function sealGrant(
  input: CardIssueInput,
  fields: CardFields,
  secret: Uint8Array,
  layout: { sector: number; sectorNum: number; authMode: number },
): CardGrant {
  const card = PROTOCOL_ISSUING[input.protocol].card
  if (card.format === 'cpu') {
    const file = encodeCpuCardFile(fields, secret, fromHex(input.uid))
    return {
      format: 'cpu',
      category: 'BLE_V3_CPU',
      uid: input.uid,
      aid: toHex(CPU_CARD_AID),
      sfi: CPU_CARD_SFI,
      file: toHex(file),
    }
  }
  const grant = buildMifareGrant({
    category: card.category,
    secret,
    uid: input.uid,
    sector: layout.sector,
    sectorNum: layout.sectorNum,
    authMode: layout.authMode as AuthMode,
    fields,
  })
  return { format: 'mifare', ...grant }
}

/** Issues one card: returns the grant for the bridge and the id of the card record, left waiting. */
export async function issueCard(
  db: Db,
  propertyId: number,
  userId: number,
  input: CardIssueInput,
): Promise<CardIssueAuthorization> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db
    await assertOwnRefs(tx, propertyId, { orderId: input.orderId, orderRoomId: input.orderRoomId })
    const scope = await resolveScope(tx, propertyId, input)
    const key = await ensureCardKey(tx, propertyId)
    const issueSequence = await nextIssueSequence(tx, propertyId, scope.roomId)
    const [record] = await tx
      .insert(cardRecord)
      .values({
        propertyId,
        cardid: input.uid,
        cardType: input.cardType,
        protocol: input.protocol,
        state: 'waiting',
        roomId: scope.roomId || null,
        buildingId: scope.buildingId || null,
        floorId: scope.floorId || null,
        orderId: input.orderId ?? null,
        orderRoomId: input.orderRoomId ?? null,
        guestName: input.guestName,
        issueSequence,
        startTime: input.startTime,
        endTime: input.endTime,
        flags: input.flags,
        targetCardNo: input.targetCardNo,
        reason: input.reason,
        secretVersion: key.secretVersion,
        createBy: userId,
      })
      .returning({ recordId: cardRecord.recordId })
    const fields: CardFields = {
      cardType: input.cardType,
      flags: input.flags,
      propertyId,
      buildingId: scope.buildingId,
      floorId: scope.floorId,
      roomId: scope.roomId,
      validFrom: input.startTime,
      validUntil: input.endTime,
      issueSequence,
      cardNo: record!.recordId,
      targetCardNo: input.targetCardNo,
      elevatorFloors: scope.elevatorFloors,
    }
    try {
      const grant = sealGrant(input, fields, cardSealingSecret(key), key)
      return { recordId: record!.recordId, issueSequence, grant }
    } catch (error) {
      // Ids past what the card layout holds (e.g. a building id above 65535): refuse, the transaction rolls back.
      if (error instanceof ProtocolError) throw badRequest(error.messageKey)
      throw error
    }
  })
}
