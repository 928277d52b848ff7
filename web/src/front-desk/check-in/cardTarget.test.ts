import assert from 'node:assert/strict'
import { CardFlag, CardType } from '@pms/protocol'
import { test } from 'vitest'
import { cardIssueRequest } from './cardTarget.ts'

test('a stay card is a guest card superseding the stay’s earlier cards; the server fills the rest', () => {
  assert.deepEqual(cardIssueRequest({ kind: 'stay', orderRoomId: 7 }, 'M157', 'A1B2C3D4'), {
    protocol: 'M157',
    cardType: CardType.GUEST,
    uid: 'A1B2C3D4',
    orderRoomId: 7,
    flags: CardFlag.SUPERSEDE,
  })
})

test('a checkout card (type 14) names the room and the order and is valid from now to the next check-out time', () => {
  const now = new Date(2030, 1, 1, 15, 30)
  const request = cardIssueRequest({ kind: 'checkout', roomId: 3, orderId: 9 }, 'Z-M', 'A1B2C3D5', now)
  assert.equal(request.cardType, 14)
  assert.equal(request.cardType, CardType.CHECKOUT)
  assert.deepEqual([request.roomId, request.orderId, request.orderRoomId], [3, 9, undefined])
  assert.equal(request.startTime, Math.floor(new Date(2030, 1, 1, 15, 30).getTime() / 1000))
  assert.equal(request.endTime, Math.floor(new Date(2030, 1, 2, 12, 0).getTime() / 1000))
  const at14 = cardIssueRequest({ kind: 'checkout', roomId: 3, orderId: 9 }, 'Z-M', 'A1B2C3D5', now, '14:00')
  assert.equal(at14.endTime, Math.floor(new Date(2030, 1, 2, 14, 0).getTime() / 1000))
})
