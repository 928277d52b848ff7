// What a front-desk card box issues: a guest card for a stay (the server reads room, guest and validity from the
// stay) or a checkout card (CHECKOUT = 14) for a room of an order, valid from now to the property's next check-out
// time.
import { CardFlag, CardType } from '@pms/protocol'
import type { CardIssueRequest } from '@pms/protocol/api/card-issue'
import { defaultValidity, toSeconds } from '../../cards/validity.ts'

export type CardTarget =
  | { kind: 'stay'; orderRoomId: number }
  | { kind: 'checkout'; roomId: number; orderId: number }

/** The grant request of one card for `target`, read from the encoder as `uid`. */
export function cardIssueRequest(
  target: CardTarget,
  protocol: string,
  uid: string,
  now = new Date(),
  checkOutTime: string | null = null,
): CardIssueRequest {
  if (target.kind === 'stay')
    return {
      protocol,
      cardType: CardType.GUEST,
      uid,
      orderRoomId: target.orderRoomId,
      flags: CardFlag.SUPERSEDE,
    }
  const { start, end } = defaultValidity(now, checkOutTime)
  return {
    protocol,
    cardType: CardType.CHECKOUT,
    uid,
    roomId: target.roomId,
    orderId: target.orderId,
    startTime: toSeconds(start),
    endTime: toSeconds(end),
  }
}
