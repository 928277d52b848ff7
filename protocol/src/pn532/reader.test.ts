import assert from 'node:assert/strict'
import fc from 'fast-check'
import { describe, it } from 'vitest'
import { fromHex, toHex } from './hex.ts'
import {
  ACK_FRAME,
  concatBytes,
  FrameReader,
  HSU_WAKE_UP,
  hostFrame,
  Pn532ProtocolError,
  pn532Frame,
  type ReaderEvent,
} from './index.ts'

const frames = (events: ReaderEvent[]) => events.filter((e) => e.kind === 'frame').map((e) => e.frame)
const errors = (events: ReaderEvent[]) => events.filter((e) => e.kind === 'error').map((e) => e.error.code)

describe('FrameReader', () => {
  it('reads an ACK then a response arriving in one chunk', () => {
    const r = new FrameReader()
    const out = frames(r.push(concatBytes(ACK_FRAME, fromHex('00 00 FF 06 FA D5 03 32 01 06 07 E8 00'))))
    assert.equal(out.length, 2)
    assert.equal(out[0].type, 'ack')
    assert.ok(out[1].type === 'info' && out[1].command === 0x03)
  })

  it('buffers a frame split into single bytes and at every cut point', () => {
    const whole = fromHex('00 00 FF 06 FA D5 03 32 01 06 07 E8 00')
    for (let cut = 1; cut < whole.length; cut++) {
      const r = new FrameReader()
      const first = frames(r.push(whole.subarray(0, cut)))
      // The frame is complete once its DCS arrives; the postamble is not waited for.
      assert.equal(first.length, cut >= whole.length - 1 ? 1 : 0, `cut ${cut}`)
      const out = first.concat(frames(r.push(whole.subarray(cut))))
      assert.equal(out.length, 1, `cut ${cut}`)
    }
    const r = new FrameReader()
    const got = whole.reduce<ReaderEvent[]>((acc, b) => acc.concat(r.push(Uint8Array.of(b))), [])
    assert.equal(frames(got).length, 1)
    assert.equal(r.pending <= 1, true)
  })

  it('splits a start code across chunks', () => {
    const r = new FrameReader()
    assert.deepEqual(r.push(fromHex('AA BB 00')), [])
    assert.equal(frames(r.push(fromHex('FF 00 FF 00'))).length, 1)
  })

  it('skips garbage and the HSU wake-up before a frame', () => {
    const r = new FrameReader()
    const out = r.push(concatBytes(fromHex('13 37 FF 55'), HSU_WAKE_UP, hostFrame(0x14, fromHex('01 14 01'))))
    assert.deepEqual(errors(out), [])
    const f = frames(out)
    assert.ok(f.length === 1 && f[0].type === 'info' && f[0].command === 0x14)
  })

  it('reports a bad LCS and a bad DCS as typed errors and resyncs on the next frame', () => {
    const r = new FrameReader()
    const out = r.push(
      concatBytes(
        fromHex('00 00 FF 02 FD D4 02 2A 00'),
        fromHex('00 00 FF 02 FE D4 02 2B 00'),
        hostFrame(0x02),
      ),
    )
    assert.deepEqual(errors(out), ['badLcs', 'badDcs'])
    const f = frames(out)
    assert.ok(f.length === 1 && f[0].type === 'info' && f[0].command === 0x02)
  })

  it('decodes the syntax error frame', () => {
    const r = new FrameReader()
    assert.deepEqual(frames(r.push(fromHex('00 00 FF 01 FF 7F 81 00'))), [{ type: 'error' }])
  })

  it('never throws on random bytes and only reports Pn532ProtocolError', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 20 }), (chunks) => {
        const r = new FrameReader()
        for (const c of chunks) {
          for (const e of r.push(c)) if (e.kind === 'error') assert.ok(e.error instanceof Pn532ProtocolError)
        }
        assert.ok(r.pending <= 4096)
      }),
      { numRuns: 500 },
    )
  })

  it('finds every valid frame among mutated neighbours, however the stream is chunked', () => {
    const frameArb = fc
      .tuple(fc.integer({ min: 0, max: 255 }), fc.uint8Array({ maxLength: 300 }))
      .map(([cmd, params]) => pn532Frame(cmd, params))
    fc.assert(
      fc.property(
        fc.array(frameArb, { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 }),
        (list, cuts) => {
          const stream = concatBytes(...list)
          const r = new FrameReader()
          const got: ReaderEvent[] = []
          let at = 0
          let i = 0
          while (at < stream.length) {
            const n = cuts[i++ % cuts.length]
            got.push(...r.push(stream.subarray(at, at + n)))
            at += n
          }
          const f = frames(got)
          assert.equal(f.length, list.length)
          assert.deepEqual(errors(got), [])
        },
      ),
      { numRuns: 200 },
    )
  })

  it('recovers the following frame after a mutated one', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 20 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (params, pos, flip) => {
          const broken = pn532Frame(0x41, params)
          const i = 3 + (pos % (broken.length - 4))
          broken[i] ^= flip
          const r = new FrameReader()
          const events = r.push(concatBytes(broken, ACK_FRAME, pn532Frame(0x03, fromHex('32 01 06 07'))))
          for (const e of events) if (e.kind === 'error') assert.ok(e.error instanceof Pn532ProtocolError)
          // A long garbage LEN may hold the buffer; flushing more bytes must surface the good frame.
          const more = r.push(new Uint8Array(300))
          const f = frames(events.concat(more))
          assert.ok(
            f.some((x) => x.type === 'info' && x.command === 0x03 && toHex(x.params) === '32 01 06 07'),
            toHex(broken),
          )
        },
      ),
      { numRuns: 300 },
    )
  })
})
