// The real native device libraries of this computer: node-hid and noble are optional dependencies, loaded
// lazily; each loads or makes its kind unavailable with the reason, and nothing crashes or keeps a test alive.
// (Noble's adapter is opened only in a child process, `pms-bridge devices`: once open, noble polls it forever.)
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, test } from 'vitest'
import { buildBridgeApp } from '../app.ts'
import { makeTempDir, testConfig } from '../testing.ts'
import { errorView } from './api/reply.ts'
import { loadNobleTransport } from './ble/noble-transport.ts'
import type { AdapterState, BleTransport } from './ble/transport.ts'
import { bleAdapterSource } from './ble-lock.ts'
import { loadNodeHid } from './hid-encoder.ts'

const launcher = fileURLToPath(new URL('../../bin/pms-bridge.mjs', import.meta.url))

/** Linux lists every Bluetooth adapter (hci0, …) here; none listed means there is none to use. */
const noBluetoothAdapter =
  process.platform === 'linux' &&
  (!existsSync('/sys/class/bluetooth') || readdirSync('/sys/class/bluetooth').length === 0)

describe('node-hid', () => {
  test('loads and lists the HID devices of this computer (none is a pass)', async () => {
    const load = await loadNodeHid()
    assert.ok(load.ok, load.ok ? '' : `node-hid did not load: ${load.reason.params.detail}`)
    const devices = load.library.devices()
    assert.ok(Array.isArray(devices))
    for (const d of devices) assert.equal(typeof d.vendorId, 'number')
  })
})

describe('noble', () => {
  test('loads, or says why not: a kernel without Bluetooth is "no Bluetooth adapter"', async () => {
    const load = await loadNobleTransport()
    if (load.ok) return assert.equal(typeof load.transport.adapterState, 'function')
    assert.equal(load.reason.code, 'unavailable')
    assert.ok(String(load.reason.params.detail).length > 0)
    if (load.reason.params.detailKey)
      assert.equal(
        errorView('en-US', load.reason.toJSON()).text,
        `Device unavailable: @abandonware/noble (no Bluetooth adapter)`,
      )
  })

  test('each adapter state that cannot reach a lock makes the kind unavailable, in words', async () => {
    const radio = (state: AdapterState) => async () => ({
      ok: true as const,
      transport: { adapterState: async () => state } as BleTransport,
    })
    const texts: Record<string, string> = {}
    for (const state of ['poweredOff', 'unauthorized', 'unsupported', 'unknown'] as const) {
      const result = await bleAdapterSource(radio(state)).scan()
      assert.equal(result.available, false, state)
      if (!result.available) texts[state] = errorView('en-US', result.reason.toJSON()).text
    }
    assert.deepEqual(texts, {
      poweredOff: 'Device unavailable: bluetooth (the Bluetooth adapter is off)',
      unauthorized:
        'Device unavailable: bluetooth (not permitted to use Bluetooth (run as root, or give node cap_net_raw))',
      unsupported: 'Device unavailable: bluetooth (no Bluetooth adapter)',
      unknown: 'Device unavailable: bluetooth (no Bluetooth adapter)',
    })
    const on = await bleAdapterSource(radio('poweredOn')).scan()
    assert.deepEqual(on, { available: true, found: [] })
  })
})

test('`pms-bridge devices` opens the adapter, reports every kind and exits', () => {
  const temp = makeTempDir('pms-devices-')
  try {
    const run = spawnSync(process.execPath, [launcher, 'devices'], {
      cwd: temp.path,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8' },
      encoding: 'utf8',
      // Were noble to keep it alive, the command would be killed here and the test fail on its status.
      timeout: 60_000,
    })
    assert.equal(run.status, 0, run.stderr)
    const line = (kind: string) => run.stdout.split('\n').find((l) => l.trim().startsWith(`${kind}:`))
    for (const kind of ['Serial encoder (PN532)', 'USB HID encoder', 'Bluetooth lock']) {
      const reported = line(kind)
      assert.ok(reported, `${kind} is reported:\n${run.stdout}`)
      assert.match(reported, /: (available \(\d+ found\)|unavailable: \S.*)$/)
    }
    assert.match(line('USB HID encoder')!, /available/)
    assert.match(run.stdout, /^HID devices \(\d+\):$/m)
    if (noBluetoothAdapter) assert.match(line('Bluetooth lock')!, /unavailable: no Bluetooth adapter/)
  } finally {
    temp.remove()
  }
})

test('on real hardware, /bridge/devices lists the Bluetooth lock kind with its reason', async () => {
  const data = makeTempDir()
  const bridge = await buildBridgeApp({
    config: testConfig(data.path, { upstream: 'http://127.0.0.1:9', simulate: false }),
    webRoot: join(data.path, 'no-console'),
  })
  try {
    const res = await bridge.inject({
      url: '/bridge/devices',
      headers: { host: '127.0.0.1:0', 'accept-language': 'en-US' },
    })
    assert.equal(res.statusCode, 200)
    const { data: view } = res.json()
    assert.equal(view.simulate, false)
    const kinds = Object.fromEntries(view.kinds.map((k: { kind: string }) => [k.kind, k]))
    assert.deepEqual(Object.keys(kinds).sort(), ['ble-lock', 'hid-encoder', 'pn532-serial'])
    assert.equal(kinds['hid-encoder'].available, true, JSON.stringify(kinds['hid-encoder']))
    if (noBluetoothAdapter) {
      assert.equal(kinds['ble-lock'].available, false)
      assert.match(kinds['ble-lock'].reason.text, /no Bluetooth adapter/)
    }
  } finally {
    await bridge.close()
    data.remove()
  }
})
