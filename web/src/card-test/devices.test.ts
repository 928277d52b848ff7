import assert from 'node:assert/strict'
import type { BridgeDeviceStatus } from '@pms/protocol/api/bridge-devices'
import { test } from 'vitest'
import { applyDeviceEvent, isEncoder } from './devices.ts'
import { appendLog, LOG_LIMIT, summarise } from './eventLog.ts'

const enc: BridgeDeviceStatus = {
  id: 'pn532:/dev/ttySIM0',
  kind: 'pn532-serial',
  state: 'ready',
  queued: 0,
  simulated: true,
}

test('hello replaces the list; status updates; attached adds; detached removes', () => {
  let v = applyDeviceEvent(null, { type: 'hello', simulate: true, devices: [enc], kinds: [] })
  assert.deepEqual(
    v?.devices.map((d) => d.state),
    ['ready'],
  )
  v = applyDeviceEvent(v, { type: 'status', device: { ...enc, state: 'busy' } })
  assert.deepEqual(
    v?.devices.map((d) => d.state),
    ['busy'],
  )
  const lock: BridgeDeviceStatus = {
    id: 'ble:C0DE01',
    kind: 'ble-lock',
    state: 'ready',
    queued: 0,
    simulated: true,
  }
  v = applyDeviceEvent(v, { type: 'attached', device: lock })
  assert.equal(v?.devices.length, 2)
  v = applyDeviceEvent(v, { type: 'detached', id: enc.id, kind: enc.kind, reason: 'unplugged' })
  assert.deepEqual(
    v?.devices.map((d) => d.id),
    ['ble:C0DE01'],
  )
  assert.equal(isEncoder(enc), true)
  assert.equal(isEncoder(lock), false)
})

test('events before the first list are ignored, card events leave it alone', () => {
  assert.equal(applyDeviceEvent(null, { type: 'status', device: enc }), null)
  const v = { simulate: false, devices: [enc], kinds: [] }
  assert.equal(applyDeviceEvent(v, { type: 'card', deviceId: enc.id, present: true, uid: 'A1B2C3D4' }), v)
})

test('the log keeps the newest first and at most its limit, with readable summaries', () => {
  assert.equal(
    summarise({ type: 'card', deviceId: 'd', present: true, uid: 'A1B2C3D4' }),
    'd present=true uid=A1B2C3D4',
  )
  assert.equal(
    summarise({
      type: 'progress',
      deviceId: 'd',
      operation: 'issue',
      step: 'written',
      detail: { sector: 2 },
    }),
    'd issue written {"sector":2}',
  )
  let log = appendLog([], { type: 'card', deviceId: 'd', present: false }, 1)
  log = appendLog(log, { type: 'result', deviceId: 'd', operation: 'issue', ok: true, ms: 80 }, 2)
  assert.deepEqual(
    log.map((e) => e.at),
    [2, 1],
  )
  for (let i = 0; i < LOG_LIMIT + 5; i++)
    log = appendLog(log, { type: 'card', deviceId: 'd', present: true }, i)
  assert.equal(log.length, LOG_LIMIT)
})
