// Turns the issuing form into the getCardIssuerAuthorization body, or names what is missing (checked before a card is touched).
import type { CardIssueRequest } from '@pms/protocol/api/card-issue'
import { cardKind } from './cardKinds.ts'
import { toSeconds } from './validity.ts'

export interface IssueForm {
  protocol: string
  cardType: number
  buildingId?: number
  floorId?: number
  /** Elevator floors. */
  floorIds: number[]
  roomId?: number
  /** The chosen room's stay (a guest card belongs to a stay); set by the panel from the room's orders. */
  orderRoomId?: number
  /** Why a staff, master, floor, building or emergency card is issued. */
  reason: string
  /** datetime-local values, 'YYYY-MM-DDTHH:mm'. */
  start: string
  end: string
  flags: number
  /** Card number (record id) a lost or un-lost card acts on. */
  targetCardNo: string
}

export type BuiltRequest = { ok: true; body: Omit<CardIssueRequest, 'uid'> } | { ok: false; key: string }

export function buildIssueRequest(form: IssueForm): BuiltRequest {
  const kind = cardKind(form.cardType)
  if (!kind) return { ok: false, key: 'cardConsole.error.cardType' }
  if (kind.needsStay) {
    // The server reads the room, the guest and the validity from the stay.
    if (!form.roomId) return { ok: false, key: 'cardConsole.error.needRoom' }
    if (!form.orderRoomId) return { ok: false, key: 'cardConsole.error.needStay' }
    return {
      ok: true,
      body: {
        protocol: form.protocol,
        cardType: kind.value,
        orderRoomId: form.orderRoomId,
        flags: form.flags,
      },
    }
  }
  const reason = form.reason.trim()
  if (kind.needsReason && !reason) return { ok: false, key: 'cardConsole.error.needReason' }
  const startTime = toSeconds(form.start)
  const endTime = toSeconds(form.end)
  if (startTime === undefined || endTime === undefined || endTime <= startTime)
    return { ok: false, key: 'cardConsole.error.validity' }
  const body: Omit<CardIssueRequest, 'uid'> = {
    protocol: form.protocol,
    cardType: kind.value,
    startTime,
    endTime,
    flags: form.flags,
  }
  if (kind.needsReason) body.reason = reason
  switch (kind.scope) {
    case 'room':
      if (!form.roomId) return { ok: false, key: 'cardConsole.error.needRoom' }
      body.roomId = form.roomId
      break
    case 'floor':
      if (!form.floorId) return { ok: false, key: 'cardConsole.error.needFloor' }
      body.floorIds = [form.floorId]
      break
    case 'building':
      if (!form.buildingId) return { ok: false, key: 'cardConsole.error.needBuilding' }
      body.buildingId = form.buildingId
      break
    case 'floors':
      if (form.floorIds.length === 0) return { ok: false, key: 'cardConsole.error.needFloors' }
      body.floorIds = [...form.floorIds]
      break
    case 'target': {
      const target = form.targetCardNo.trim()
      if (!/^[1-9]\d{0,9}$/.test(target)) return { ok: false, key: 'cardConsole.error.needTarget' }
      body.targetCardNo = Number(target)
      break
    }
    case 'optional':
      // The narrowest place chosen names the scope: a room, else a floor, else a building, else the property.
      if (form.roomId) body.roomId = form.roomId
      else if (form.floorId) body.floorIds = [form.floorId]
      else if (form.buildingId) body.buildingId = form.buildingId
      break
    case 'property':
      break
  }
  return { ok: true, body }
}
