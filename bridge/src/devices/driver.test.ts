import assert from 'node:assert/strict'
import { describe, it } from 'vitest'
import { DeviceBase, type DeviceState, deviceTransitions } from './driver.ts'
import { DeviceError } from './errors.ts'

class FakeDevice extends DeviceBase {
  connects = 0
  failOpen?: DeviceError
  constructor() {
    super({ id: 'fake-1', kind: 'pn532-serial', defaultTimeoutMs: 200 })
  }
  protected async connect(): Promise<void> {
    this.connects++
    if (this.failOpen) throw this.failOpen
  }
  protected async disconnect(): Promise<void> {}
  unplug(): void {
    this.lost(new DeviceError('disconnected', { device: this.id }))
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(t)
      reject(signal.reason)
    })
  })

describe('DeviceBase', () => {
  it('opens, runs operations one at a time in order, and reports busy while running', async () => {
    const d = new FakeDevice()
    const states: DeviceState[] = []
    d.on('status', (s) => states.push(s.state))
    await d.open()
    let running = 0
    let maxRunning = 0
    const order: number[] = []
    const op = (n: number) =>
      d.run(`op${n}`, async () => {
        running++
        maxRunning = Math.max(maxRunning, running)
        await sleep(5)
        order.push(n)
        running--
        return n
      })
    assert.deepEqual(await Promise.all([op(1), op(2), op(3)]), [1, 2, 3])
    assert.deepEqual(order, [1, 2, 3])
    assert.equal(maxRunning, 1)
    assert.equal(states[0], 'opening')
    assert.equal(states[1], 'ready')
    assert.ok(states.includes('busy'))
    assert.equal(d.status().state, 'ready')
  })

  it('runs background housekeeping in the queue without reporting busy or emitting a result', async () => {
    const d = new FakeDevice()
    await d.open()
    const states: DeviceState[] = []
    const results: string[] = []
    d.on('status', (s) => states.push(s.state))
    d.on('result', (r) => results.push(r.operation))
    const order: string[] = []
    const watch = d.run(
      'watch',
      async () => {
        assert.equal(d.status().state, 'ready')
        await sleep(5)
        order.push('watch')
      },
      { background: true },
    )
    const real = d.run('issue', async () => {
      assert.equal(d.status().state, 'busy')
      order.push('issue')
    })
    await Promise.all([watch, real])
    assert.deepEqual(order, ['watch', 'issue'])
    assert.deepEqual(results, ['issue'])
    assert.deepEqual(states, ['busy', 'ready'])
  })

  it('times out an operation with a timeout error naming it, and the next one still runs', async () => {
    const d = new FakeDevice()
    await d.open()
    await assert.rejects(
      d.run('slow', () => new Promise(() => {}), { timeoutMs: 20 }),
      (e: DeviceError) => e.code === 'timeout' && e.params.operation === 'slow' && e.params.ms === 20,
    )
    assert.equal(await d.run('next', async () => 7), 7)
  })

  it('cancels a running and a queued operation through AbortSignal', async () => {
    const d = new FakeDevice()
    await d.open()
    const ac = new AbortController()
    const first = d.run('first', (ctx) => sleep(1000, ctx.signal), { signal: ac.signal })
    const second = d.run('second', async () => 'never', { signal: ac.signal })
    ac.abort()
    await assert.rejects(first, (e: DeviceError) => e.code === 'cancelled')
    await assert.rejects(
      second,
      (e: DeviceError) => e.code === 'cancelled' && e.params.operation === 'second',
    )
    assert.equal(d.status().state, 'ready')
  })

  it('fails the operation in flight with disconnected when the device is lost', async () => {
    const d = new FakeDevice()
    await d.open()
    const results: boolean[] = []
    d.on('result', (r) => results.push(r.ok))
    const writing = d.run('write', (ctx) => sleep(1000, ctx.signal))
    setTimeout(() => d.unplug(), 5)
    await assert.rejects(writing, (e: DeviceError) => e.code === 'disconnected')
    assert.equal(d.status().state, 'error')
    assert.equal(d.status().reason?.code, 'disconnected')
    assert.deepEqual(results, [false])
    await assert.rejects(
      d.run('after', async () => 1),
      (e: DeviceError) => e.code === 'notOpen',
    )
    await d.open()
    assert.equal(await d.run('after', async () => 1), 1)
  })

  it('reports unavailable with the reason when open finds the library missing', async () => {
    const d = new FakeDevice()
    d.failOpen = new DeviceError('unavailable', { library: 'node-hid', detail: 'not installed' })
    await assert.rejects(d.open(), (e: DeviceError) => e.code === 'unavailable')
    const s = d.status()
    assert.equal(s.state, 'unavailable')
    assert.equal(s.reason?.params.library, 'node-hid')
    await assert.rejects(
      d.run('x', async () => 1),
      (e: DeviceError) => e.code === 'unavailable',
    )
  })

  it('refuses operations when closed, and queue overflow is a clear error', async () => {
    const d = new FakeDevice()
    await assert.rejects(
      d.run('x', async () => 1),
      (e: DeviceError) => e.code === 'notOpen',
    )
    await d.open()
    const hold = d.run('hold', () => sleep(30))
    const queued = Array.from({ length: 16 }, (_, i) => d.run(`q${i}`, async () => i))
    await assert.rejects(
      d.run('overflow', async () => 1),
      (e: DeviceError) => e.code === 'queueFull',
    )
    await hold
    await Promise.all(queued)
    await d.close()
    assert.equal(d.status().state, 'closed')
  })

  it('has a transition table that covers every state', () => {
    for (const [from, tos] of Object.entries(deviceTransitions)) {
      assert.ok(tos.length > 0, from)
      for (const to of tos) assert.ok(to in deviceTransitions)
    }
  })
})
