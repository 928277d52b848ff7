// Port settings through the real bridge in simulate mode (SPEC §2.9): the simulated PN532 boards speak the real frames,
// so a test reads the chip's firmware and a card's UID over the wire; a wrong baud rate garbles the line (no answer), a
// port held by another opener is busy, a missing one does not exist. Saving keeps the setting in bridge.json and the
// device on that port reopens as set; a card reader is never picked to write a card. Only a session holding the port
// permission in its property may save or test (the clerk may not; nobody signed in may not).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import type { PortsView, PortTestResult } from '@pms/protocol/api/bridge-devices'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { buildBridgeApp } from '../../bridge/src/app.ts'
import { loadBridgeConfig } from '../../bridge/src/config.ts'
import type { DeviceStatus } from '../../bridge/src/devices/driver.ts'
import { openSerialLink } from '../../bridge/src/devices/pn532/serial-link.ts'
import { listenOnFreePort, makeTempDir, testConfig } from '../../bridge/src/testing.ts'
import { bridgeClient } from './bridge-client.ts'

const ENCODER = '/dev/ttySIM0'
const READER = '/dev/ttySIM1'
/** The card lying on the simulated reader (VirtualMifareCard.withSerial(0x0fff)). */
const READER_CARD = '04000FFF'

describe('port settings of encoders and card readers through the bridge', () => {
  const dir = makeTempDir('pms-port-settings-')
  let app: FastifyInstance
  let base: string
  let technician: ReturnType<typeof bridgeClient>
  let clerk: ReturnType<typeof bridgeClient>
  let anonymous: ReturnType<typeof bridgeClient>

  beforeAll(async () => {
    app = await buildBridgeApp({
      config: testConfig(dir.path, { simulate: true }),
      webRoot: dir.path,
      devices: { simulator: { cardWatchMs: 0, rescanMs: 0 } },
    })
    base = `http://127.0.0.1:${await listenOnFreePort(app)}`
    technician = bridgeClient(base, { language: 'en-US' })
    clerk = bridgeClient(base, { language: 'en-US' })
    anonymous = bridgeClient(base, { language: 'en-US' })
    // The demo's manager is the property admin of the demo hotel; the clerk works its front desk.
    await technician.signIn('manager')
    await clerk.signIn('clerk')
  })

  afterAll(async () => {
    await app?.close()
    dir.remove()
  })

  /** Resolves once the registry's device on `path` reaches `state` (now or later): no fixed wait. */
  function deviceState(path: string, state: DeviceStatus['state']): Promise<DeviceStatus> {
    const registry = app.bridge.devices!.registry
    const id = `pn532-serial:${path}`
    const now = registry.get(id)?.status()
    if (now?.state === state) return Promise.resolve(now)
    return new Promise((resolve) => {
      const listener = (s: DeviceStatus) => {
        if (s.id !== id || s.state !== state) return
        registry.off('status', listener)
        resolve(s)
      }
      registry.on('status', listener)
    })
  }

  const test = (client: typeof clerk, path: string, baudRate: number, action: 'beep' | 'readUid') =>
    client.call<PortTestResult>('POST', '/bridge/ports/test', { path, baudRate, action })

  it('lists the serial ports: the encoder found by its USB ids, the unknown board not opened', async () => {
    await deviceState(ENCODER, 'ready')
    const res = await anonymous.call<PortsView>('GET', '/bridge/ports')
    assert.equal(res.code, 200, res.msg)
    const encoder = res.data.ports.find((p) => p.path === ENCODER)!
    assert.equal(encoder.present, true)
    assert.equal(encoder.setting, undefined)
    assert.deepEqual([encoder.device?.state, encoder.device?.info?.role], ['ready', 'encoder'])
    const reader = res.data.ports.find((p) => p.path === READER)!
    assert.deepEqual([reader.vendorId, reader.productId, reader.device], ['0483', '5740', undefined])
    assert.equal(res.data.configFile, app.bridge.config!.configFile)
  })

  it('only a session allowed to change devices may test or save: the clerk and nobody are refused', async () => {
    const nobody = await test(anonymous, READER, 115200, 'readUid')
    assert.equal(nobody.status, 401)
    const byClerk = await clerk.call('PUT', '/bridge/ports', {
      path: READER,
      role: 'reader',
      baudRate: 115200,
    })
    assert.equal(byClerk.status, 403)
    assert.equal(byClerk.msg, 'No permission for this operation')
    const testByClerk = await test(clerk, READER, 115200, 'readUid')
    assert.equal(testByClerk.status, 403)
    const bad = await technician.call('PUT', '/bridge/ports', {
      path: READER,
      role: 'printer',
      baudRate: 115200,
    })
    assert.equal(bad.status, 400)
    assert.match(bad.msg, /role/)
    const badBaud = await test(technician, READER, 1234, 'readUid')
    assert.equal(badBaud.status, 400)
    assert.match(badBaud.msg, /baudRate/)
    // SPEC §5's local card POS sub-path check: a file, or a path climbing out of /dev, is never set up or opened.
    for (const path of ['/etc/passwd', '/dev/../etc/passwd', 'ttyUSB0']) {
      const notLocal = await technician.call('PUT', '/bridge/ports', {
        path,
        role: 'encoder',
        baudRate: 115200,
      })
      assert.equal(notLocal.status, 400, path)
      assert.equal(
        notLocal.msg,
        `"${path}" is not a card encoder port of this machine (a device under /dev/ or a COM port)`,
      )
      assert.equal((await test(technician, path, 115200, 'beep')).status, 400, path)
    }
    assert.equal(app.bridge.devices!.portSettings().length, 0, 'nothing was saved')
  })

  it('tests a port on given settings: the chip answers and reads the card; wrong baud, busy, missing port', async () => {
    const read = await test(technician, READER, 115200, 'readUid')
    assert.equal(read.code, 200, read.msg)
    assert.equal(read.data.uid, READER_CARD)
    assert.equal(read.data.firmware, 'PN532 1.6')
    assert.equal(read.data.text, `Card UID ${READER_CARD}`)

    const wrongBaud = await test(technician, READER, 9600, 'readUid')
    assert.equal(wrongBaud.status, 504)
    assert.equal(
      wrongBaud.msg,
      `No answer on ${READER} at 9600 baud (check the baud rate and the device’s power)`,
    )

    const missing = await test(technician, '/dev/ttySIM9', 115200, 'beep')
    assert.equal(missing.status, 404)
    assert.equal(missing.msg, 'There is no port /dev/ttySIM9 (unplugged or misspelt)')

    // Another program holds the reader's port.
    const other = await openSerialLink(READER, {
      binding: app.bridge.devices!.serialBinding,
      baudRate: 115200,
    })
    try {
      const busy = await test(technician, READER, 115200, 'readUid')
      assert.equal(busy.status, 409)
      assert.equal(busy.msg, `Port ${READER} is busy (another program is using it)`)
    } finally {
      await other.close()
    }

    // The running encoder is tested in place; a PN532 board has no buzzer, and says so.
    const beep = await test(technician, ENCODER, 115200, 'beep')
    assert.equal(beep.code, 200, beep.msg)
    assert.equal(beep.data.text, 'This encoder has no buzzer')
    // Testing the encoder on other settings closes it meanwhile and opens it again after.
    const encoderWrong = await test(technician, ENCODER, 57600, 'beep')
    assert.equal(encoderWrong.status, 504)
    await deviceState(ENCODER, 'ready')
  })

  it('saves the reader in bridge.json; it opens as a reader and is never picked to write a card', async () => {
    const saved = await technician.call<PortsView>('PUT', '/bridge/ports', {
      path: READER,
      role: 'reader',
      baudRate: 115200,
    })
    assert.equal(saved.code, 200, saved.msg)
    assert.equal(saved.msg, 'Port setting saved')
    const file = JSON.parse(readFileSync(app.bridge.config!.configFile, 'utf8'))
    assert.deepEqual(file.devicePorts, [{ path: READER, role: 'reader', baudRate: 115200 }])
    // The next start reads it back.
    assert.deepEqual(loadBridgeConfig({ dataDir: dir.path }, {}, dir.path).devicePorts, file.devicePorts)

    const reader = await deviceState(READER, 'ready')
    assert.equal(reader.info?.role, 'reader')
    const card = await technician.call('POST', '/bridge/card/read', {})
    assert.equal(card.code, 200, card.msg)
    assert.equal(card.data.deviceId, `pn532-serial:${ENCODER}`)
    assert.notEqual(card.data.uid, READER_CARD)
    const onReader = await technician.call('POST', '/bridge/card/read', {
      deviceId: `pn532-serial:${READER}`,
    })
    assert.equal(onReader.data.uid, READER_CARD)
  })

  it('a saved wrong baud rate leaves the device in error with the reason; back to automatic reopens it', async () => {
    const wrong = await technician.call('PUT', '/bridge/ports', {
      path: ENCODER,
      role: 'encoder',
      baudRate: 9600,
    })
    assert.equal(wrong.code, 200, wrong.msg)
    const failed = await deviceState(ENCODER, 'error')
    assert.equal(failed.reason?.code, 'noAnswer')
    const view = await anonymous.call<PortsView>('GET', '/bridge/ports')
    const encoder = view.data.ports.find((p) => p.path === ENCODER)!
    assert.equal(
      encoder.device?.reason?.text,
      `No answer on ${ENCODER} at 9600 baud (check the baud rate and the device’s power)`,
    )

    const reset = await technician.call<PortsView>('POST', '/bridge/ports/remove', { path: ENCODER })
    assert.equal(reset.code, 200, reset.msg)
    await deviceState(ENCODER, 'ready')
    const file = JSON.parse(readFileSync(app.bridge.config!.configFile, 'utf8'))
    assert.deepEqual(file.devicePorts, [{ path: READER, role: 'reader', baudRate: 115200 }])
  })
})
