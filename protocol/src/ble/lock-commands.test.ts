import assert from 'node:assert/strict'
import { test } from 'vitest'
import { fromHex, toHex } from '../format/hex.ts'
import { ProtocolError } from '../format/protocol-error.ts'
import {
  decodeLockReply,
  decodeLockRequest,
  encodeLockReply,
  encodeLockRequest,
  encodeUnknownCommandReply,
  type LockReply,
  type LockRequest,
} from './lock-commands.ts'

const requests: [LockRequest, string][] = [
  [{ command: 'status' }, '02'],
  [{ command: 'setTime', time: 0x66318640 }, '0366318640'],
  [{ command: 'unlock', time: 1 }, '0400000001'],
  [
    { command: 'addCard', uid: fromHex('DEADBEEF'), cardType: 1, validFrom: 16, validUntil: 0xffffffff },
    '0504DEADBEEF0100000010FFFFFFFF',
  ],
  [{ command: 'deleteCard', uid: fromHex('04112233445566') }, '060704112233445566'],
  [{ command: 'readRecords', start: 3, count: 8 }, '07000308'],
  [{ command: 'reset' }, '08'],
  [
    {
      command: 'init',
      privateKey: new Uint8Array(16).fill(0x11),
      cardSecret: new Uint8Array(32).fill(0x22),
      propertyId: 1001,
      buildingId: 1,
      floorId: 2,
      roomId: 101,
      time: 5,
    },
    `01${'11'.repeat(16)}${'22'.repeat(32)}000003E9000100020000006500000005`,
  ],
]
for (const [request, hex] of requests) {
  test(`request ${request.command} is ${hex.slice(0, 24)}…`, () => {
    assert.equal(toHex(encodeLockRequest(request)), hex)
    assert.deepEqual(decodeLockRequest(fromHex(hex)), request)
  })
}

const replies: [LockReply, string][] = [
  [{ command: 'unlock', status: 'ok', body: {} }, '0400'],
  [{ command: 'unlock', status: 'refused' }, '0406'],
  [{ command: 'init', status: 'alreadyInitialised' }, '0103'],
  [
    {
      command: 'status',
      status: 'ok',
      body: {
        initialised: true,
        battery: 87,
        time: 0x66318640,
        propertyId: 1001,
        buildingId: 1,
        floorId: 1,
        roomId: 101,
        recordCount: 2,
        enrolledCards: 1,
        deadbolted: false,
      },
    },
    '02000157663186400000' + '03E90001000100000065000201' + '00',
  ],
  [
    {
      command: 'readRecords',
      status: 'ok',
      body: {
        total: 2,
        records: [
          { time: 0x66318640, source: 'card', outcome: 'accept', cardType: 1, cardNo: 42, issueSequence: 7 },
          {
            time: 0x66318641,
            source: 'card',
            outcome: 'superseded',
            cardType: 1,
            cardNo: 41,
            issueSequence: 6,
          },
        ],
      },
    },
    '07000002' + '02' + '66318640010001000000002A00000007' + '663186410105010000000029' + '00000006',
  ],
]
for (const [reply, hex] of replies) {
  test(`reply ${reply.command}/${reply.status} is ${hex.slice(0, 24)}…`, () => {
    assert.equal(toHex(encodeLockReply(reply)), hex)
    assert.deepEqual(decodeLockReply(fromHex(hex)), reply)
  })
}

const badBodies: [string, string, string][] = [
  ['an unknown opcode', '7F', 'unknown-command'],
  ['a short setTime', '036631', 'truncated'],
  ['a status with trailing bytes', '0200', 'bad-length'],
  ['a UID of 2 bytes', '0502AABB', 'bad-length'],
  ['an unknown card type', '0504DEADBEEF0400000010FFFFFFFF', 'out-of-range'],
  ['zero records asked', '07000000', 'out-of-range'],
]
for (const [name, hex, code] of badBodies) {
  test(`request with ${name} → ${code}`, () => {
    assert.throws(
      () => decodeLockRequest(fromHex(hex)),
      (e: unknown) => e instanceof ProtocolError && e.code === code,
    )
  })
}

test('replies with an unknown status or record outcome are refused', () => {
  assert.throws(() => decodeLockReply(fromHex('0499')), ProtocolError)
  assert.throws(() => decodeLockReply(fromHex('070001010166318640016301000000002A00000007')), ProtocolError)
  assert.deepEqual(encodeUnknownCommandReply(0x7f), Uint8Array.of(0x7f, 0x07))
})

test('an init with a short key cannot be encoded', () => {
  const init = requests.at(-1)![0] as Extract<LockRequest, { command: 'init' }>
  assert.throws(() => encodeLockRequest({ ...init, privateKey: new Uint8Array(8) }), ProtocolError)
})
