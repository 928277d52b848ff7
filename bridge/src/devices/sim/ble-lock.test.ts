import assert from 'node:assert/strict'
import {
  BleFrame,
  buildMifareGrant,
  type CardFields,
  CardFlag,
  CardType,
  chunkFrame,
  FrameAssembler,
  type FrameKeys,
  frameKeys,
  fromHex,
  type LockReply,
  type LockRequest,
  lockInitKey,
  lockPrivateKey,
  lockRequestChunks,
  openLockReply,
  propertyCardSecret,
  sealFrame,
  toHex,
} from '@pms/protocol'
import { test } from 'vitest'
import { type PresentedCard, SimulatedBleLock } from './ble-lock.ts'

const MAC = 'A4:C1:38:0B:5E:01'
const PROPERTY_SECRET = fromHex('000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F')
const CARD_SECRET = propertyCardSecret(PROPERTY_SECRET)
const START = 1714536000
const INIT = frameKeys(lockInitKey(MAC))
const PRIVATE = frameKeys(lockPrivateKey(PROPERTY_SECRET, MAC))

/** A driver-side helper: writes a request in 20-byte chunks and waits for the reassembled reply. */
function talk(
  lock: SimulatedBleLock,
  keys: FrameKeys,
  seq: number,
  request: LockRequest,
): Promise<LockReply> {
  return new Promise((resolve, reject) => {
    const assembler = new FrameAssembler()
    const stop = lock.onNotify((chunk) => {
      assert.ok(chunk.length <= 20)
      for (const item of assembler.push(chunk)) {
        if (item.kind !== 'frame') continue
        stop()
        assert.equal(item.frame.seq, seq)
        try {
          resolve(openLockReply(keys, item.frame))
        } catch (e) {
          reject(e)
        }
      }
    })
    for (const chunk of lockRequestChunks(keys, seq, request)) lock.write(chunk)
  })
}

/** Collects notify chunks for a moment: silence is an answer too. */
async function notified(lock: SimulatedBleLock, send: () => void): Promise<number> {
  let count = 0
  const stop = lock.onNotify(() => count++)
  send()
  await new Promise((r) => setTimeout(r, 5))
  stop()
  return count
}

function makeLock(now = { t: START }) {
  return { lock: new SimulatedBleLock({ mac: MAC, battery: 87, clock: () => now.t }), now }
}

async function installedLock(roomId = 101) {
  const made = makeLock()
  const reply = await talk(made.lock, INIT, 1, {
    command: 'init',
    privateKey: lockPrivateKey(PROPERTY_SECRET, MAC),
    cardSecret: CARD_SECRET,
    propertyId: 1001,
    buildingId: 1,
    floorId: 1,
    roomId,
    time: START,
  })
  assert.deepEqual(reply, { command: 'init', status: 'ok', body: {} })
  return made
}

function card(uidHex: string, fields: Partial<CardFields>, secret = PROPERTY_SECRET): PresentedCard {
  const grant = buildMifareGrant({
    category: 'M157',
    secret: propertyCardSecret(secret),
    uid: uidHex,
    sector: 1,
    sectorNum: 2,
    authMode: 0,
    fields: {
      cardType: CardType.GUEST,
      flags: CardFlag.SUPERSEDE,
      propertyId: 1001,
      buildingId: 1,
      floorId: 1,
      roomId: 101,
      validFrom: START,
      validUntil: START + 86400,
      issueSequence: 1,
      cardNo: 1,
      targetCardNo: 0,
      elevatorFloors: [],
      ...fields,
    },
  })
  return { uid: fromHex(uidHex), blocks: grant.sectors.flatMap((s) => s.blocks.map(fromHex)) }
}

const outcome = (r: ReturnType<SimulatedBleLock['presentCard']>) =>
  r.outcome === 'accept' ? 'accept' : r.outcome === 'refuse' ? r.reason : r.why

test('a factory-fresh lock answers status under its INIT_KEY and ignores cards', async () => {
  const { lock } = makeLock()
  const reply = await talk(lock, INIT, 7, { command: 'status' })
  assert.equal(reply.status === 'ok' && reply.command === 'status' && reply.body.initialised, false)
  assert.equal(outcome(lock.presentCard(card('01020304', {}))), 'not-initialised')
  assert.deepEqual(await talk(lock, INIT, 8, { command: 'unlock', time: START }), {
    command: 'unlock',
    status: 'notInitialised',
  })
})

test('init installs the PRIVATE_KEY: afterwards INIT_KEY frames get no answer and PRIVATE_KEY frames do', async () => {
  const { lock } = await installedLock()
  assert.equal(
    await notified(lock, () =>
      lockRequestChunks(INIT, 2, { command: 'status' }).forEach((c) => {
        lock.write(c)
      }),
    ),
    0,
  )
  assert.equal(lock.droppedFrames, 1)
  const status = await talk(lock, PRIVATE, 3, { command: 'status' })
  assert.deepEqual(status, {
    command: 'status',
    status: 'ok',
    body: {
      initialised: true,
      battery: 87,
      time: START,
      propertyId: 1001,
      buildingId: 1,
      floorId: 1,
      roomId: 101,
      recordCount: 0,
      enrolledCards: 0,
      deadbolted: false,
    },
  })
  assert.deepEqual(await talk(lock, PRIVATE, 4, { command: 'init', ...initBody() }), {
    command: 'init',
    status: 'alreadyInitialised',
  })
})

function initBody() {
  return {
    privateKey: new Uint8Array(16),
    cardSecret: new Uint8Array(32),
    propertyId: 1,
    buildingId: 1,
    floorId: 1,
    roomId: 1,
    time: 0,
  }
}

test('guest card for 101: opens in its window only, not in 102; a newer card supersedes it', async () => {
  const { lock, now } = await installedLock()
  const first = card('01020304', { issueSequence: 1, cardNo: 11 })
  now.t = START - 1
  assert.equal(outcome(lock.presentCard(first)), 'not-yet-valid')
  now.t = START + 60
  assert.equal(outcome(lock.presentCard(first)), 'accept')
  assert.equal(outcome(lock.presentCard(card('05060708', { roomId: 102 }))), 'wrong-room')
  const second = card('0A0B0C0D', { issueSequence: 2, cardNo: 12 })
  assert.equal(outcome(lock.presentCard(second)), 'accept')
  assert.equal(outcome(lock.presentCard(first)), 'superseded')
  now.t = START + 86401
  assert.equal(outcome(lock.presentCard(second)), 'expired')
})

test('checkout, lost and foreign cards do what they say', async () => {
  const { lock, now } = await installedLock()
  now.t = START + 60
  const guest = card('01020304', { issueSequence: 3, cardNo: 21 })
  assert.equal(outcome(lock.presentCard(guest)), 'accept')
  const lost = lock.presentCard(card('11111111', { cardType: CardType.LOST, cardNo: 90, targetCardNo: 21 }))
  assert.equal(lost.outcome === 'accept' && lost.effect, 'blacklisted')
  assert.equal(outcome(lock.presentCard(guest)), 'blacklisted')
  assert.equal(
    outcome(lock.presentCard(card('11111112', { cardType: CardType.UN_LOST, cardNo: 91, targetCardNo: 21 }))),
    'accept',
  )
  assert.equal(outcome(lock.presentCard(guest)), 'accept')
  assert.equal(
    outcome(
      lock.presentCard(card('22222222', { cardType: CardType.CHECKOUT, issueSequence: 3, cardNo: 92 })),
    ),
    'accept',
  )
  assert.equal(outcome(lock.presentCard(guest)), 'checked-out')
  const other = fromHex('FFEEDDCCBBAA99887766554433221100FFEEDDCCBBAA99887766554433221100')
  assert.equal(outcome(lock.presentCard(card('01020304', {}, other))), 'foreign-property')
  const tampered = card('01020304', { issueSequence: 9 })
  tampered.blocks[1]![0]! ^= 1
  assert.equal(outcome(lock.presentCard(tampered)), 'tampered')
})

test('open records are kept and read back over BLE in pages', async () => {
  const { lock, now } = await installedLock()
  now.t = START + 10
  lock.presentCard(card('01020304', { issueSequence: 1, cardNo: 5 }))
  lock.presentCard(card('01020304', { roomId: 102, cardNo: 6 }))
  assert.deepEqual(await talk(lock, PRIVATE, 5, { command: 'unlock', time: START + 10 }), {
    command: 'unlock',
    status: 'ok',
    body: {},
  })
  const page = await talk(lock, PRIVATE, 6, { command: 'readRecords', start: 1, count: 8 })
  assert.deepEqual(page, {
    command: 'readRecords',
    status: 'ok',
    body: {
      total: 3,
      records: [
        { time: START + 10, source: 'card', outcome: 'wrong-room', cardType: 1, cardNo: 6, issueSequence: 1 },
        { time: START + 10, source: 'ble', outcome: 'accept', cardType: -1, cardNo: 0, issueSequence: 0 },
      ],
    },
  })
})

test('a stale unlock (replayed frame) is refused and not recorded', async () => {
  const { lock } = await installedLock()
  assert.deepEqual(await talk(lock, PRIVATE, 2, { command: 'unlock', time: START - 301 }), {
    command: 'unlock',
    status: 'refused',
  })
  assert.equal(lock.openRecords.length, 0)
})

test('set time moves the lock clock, which the card window then uses', async () => {
  const { lock } = await installedLock()
  await talk(lock, PRIVATE, 2, { command: 'setTime', time: START + 90000 })
  assert.equal(lock.now(), START + 90000)
  assert.equal(outcome(lock.presentCard(card('01020304', {}))), 'expired')
})

test('add card enrols a blank card by UID for this room; delete card removes it', async () => {
  const { lock } = await installedLock()
  const blank: PresentedCard = {
    uid: fromHex('04A1B2C3D4E5F6'),
    blocks: Array.from({ length: 8 }, () => new Uint8Array(16)),
  }
  assert.equal(outcome(lock.presentCard(blank)), 'unreadable')
  const add = {
    command: 'addCard',
    uid: blank.uid,
    cardType: CardType.GUEST,
    validFrom: START,
    validUntil: START + 3600,
  } as const
  assert.equal((await talk(lock, PRIVATE, 2, add)).status, 'ok')
  assert.equal(outcome(lock.presentCard(blank)), 'accept')
  assert.equal((await talk(lock, PRIVATE, 3, { command: 'deleteCard', uid: blank.uid })).status, 'ok')
  assert.equal((await talk(lock, PRIVATE, 4, { command: 'deleteCard', uid: blank.uid })).status, 'notFound')
  assert.equal(outcome(lock.presentCard(blank)), 'unreadable')
})

test('reset answers under the old key, then the lock is factory-fresh again', async () => {
  const { lock } = await installedLock()
  lock.presentCard(card('01020304', {}))
  assert.equal((await talk(lock, PRIVATE, 2, { command: 'reset' })).status, 'ok')
  const status = await talk(lock, INIT, 3, { command: 'status' })
  assert.ok(status.command === 'status' && status.status === 'ok' && !status.body.initialised)
  assert.equal(status.status === 'ok' && status.command === 'status' && status.body.recordCount, 0)
})

test('corrupted chunks are dropped silently; an unknown opcode under the right key is answered', async () => {
  const { lock } = await installedLock()
  const bytes = lockRequestChunks(PRIVATE, 2, { command: 'status' })
  bytes[0]![8]! ^= 0x40
  assert.equal(
    await notified(lock, () =>
      bytes.forEach((c) => {
        lock.write(c)
      }),
    ),
    0,
  )
  const unknown = sealFrame(PRIVATE, 'command', 3, Uint8Array.of(0x7f))
  const replies: Uint8Array[] = []
  const stop = lock.onNotify((c) => replies.push(c))
  chunkFrame(unknown.toBuffer()).forEach((c) => {
    lock.write(c)
  })
  await new Promise((r) => setTimeout(r, 5))
  stop()
  const frame = BleFrame.fromBuffer(Uint8Array.from(replies.flatMap((c) => [...c])))
  assert.equal(toHex(frame.toBuffer()).slice(0, 10), 'A503010003')
  const short = sealFrame(PRIVATE, 'command', 4, Uint8Array.of(0x03, 0x01))
  const answer = await new Promise<LockReply>((resolve) => {
    const assembler = new FrameAssembler()
    const off = lock.onNotify((c) => {
      for (const item of assembler.push(c))
        if (item.kind === 'frame') {
          off()
          resolve(openLockReply(PRIVATE, item.frame))
        }
    })
    chunkFrame(short.toBuffer()).forEach((c) => {
      lock.write(c)
    })
  })
  assert.deepEqual(answer, { command: 'setTime', status: 'badRequest' })
})
