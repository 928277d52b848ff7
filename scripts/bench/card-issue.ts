// `npm run bench -- card-issue`: issues N guest cards through the bridge's HTTP API on the simulated PN532 with a
// modelled 115200-baud wire; the device part against the wire's physical floor, and the bridge's own overhead beside it.
import { performance } from 'node:perf_hooks'
import { CardFlag, CardType } from '@pms/protocol'
import {
  ACK_FRAME,
  authCommand,
  hostFrame,
  inDataExchangeParams,
  inListPassiveTargetParams,
  Pn532Command,
  pn532Frame,
  readCommand,
  writeCommand,
} from '@pms/protocol/pn532/index'
import { buildBridgeApp } from '../../bridge/src/app.ts'
import { wireTimeMs } from '../../bridge/src/devices/sim/wire.ts'
import { listenOnFreePort, makeTempDir, testConfig } from '../../bridge/src/testing.ts'
import { bridgeClient } from '../../test/devices/bridge-client.ts'

const N = Number(process.env.BENCH_CARDS ?? 50)
const BAUD = 115200
const now = () => Math.floor(Date.now() / 1000)

/** Bytes of one command on the wire: host frame, the chip's ACK, its answer carrying `answer` data bytes. */
function exchangeBytes(command: number, params: Uint8Array, answer: number): number {
  return (
    hostFrame(command, params).length +
    ACK_FRAME.length +
    pn532Frame(command + 1, new Uint8Array(answer)).length
  )
}

/** Wire floor of writing `sectors` sectors: select, then per sector auth + 4 writes, then per sector auth + 3 reads. */
function wireFloorMs(sectors: number): number {
  const uid = new Uint8Array(4)
  const key = new Uint8Array(6)
  const ex = (data: Uint8Array, answer: number) =>
    exchangeBytes(Pn532Command.InDataExchange, inDataExchangeParams(1, data), answer)
  const select = exchangeBytes(Pn532Command.InListPassiveTarget, inListPassiveTargetParams(1), 11)
  const auth = ex(authCommand('A', 7, key, uid), 1)
  const write = ex(writeCommand(4, new Uint8Array(16)), 1)
  const read = ex(readCommand(4), 17)
  const bytes = select + sectors * (auth + 4 * write) + sectors * (auth + 3 * read)
  return wireTimeMs(bytes, BAUD)
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
const round = (n: number) => Math.round(n * 100) / 100

const dir = makeTempDir('pms-bench-card-issue-')
const app = await buildBridgeApp({
  config: testConfig(dir.path, { simulate: true }),
  webRoot: dir.path,
  // No card watch: nothing else may queue on the encoder while the benchmark measures it.
  devices: { simulator: { wireBaudRate: BAUD, cardWatchMs: 0 } },
})
try {
  const port = await listenOnFreePort(app)
  const desk = bridgeClient(`http://127.0.0.1:${port}`)
  await desk.signIn('clerk')
  const locks = await desk.call('GET', '/bridge/sim/locks')
  const roomId = locks.data.locks.find((l: { roomNo: string }) => l.roomNo === '101').roomId
  const device: number[] = []
  const total: number[] = []
  let sectors = 0
  for (let i = 0; i < N; i++) {
    const card = await desk.call('POST', '/bridge/sim/cards')
    await desk.call('POST', `/bridge/sim/cards/${card.data.uid}/place`)
    const auth = await desk.call('POST', '/prod-api/pms/pmsProperty/getCardIssuerAuthorization', {
      protocol: 'M157',
      cardType: CardType.GUEST,
      uid: card.data.uid,
      roomId,
      guestName: 'Bench Guest',
      flags: CardFlag.SUPERSEDE,
      startTime: now(),
      endTime: now() + 86_400,
    })
    if (auth.code !== 200) throw new Error(`grant: ${auth.msg}`)
    const started = performance.now()
    const issued = await desk.call('POST', '/bridge/card/issue', {
      recordId: auth.data.recordId,
      grant: auth.data.grant,
    })
    const elapsed = performance.now() - started
    if (issued.code !== 200) throw new Error(`issue: ${issued.msg}`)
    sectors = issued.data.sectors.length
    device.push(issued.data.ms)
    total.push(elapsed)
  }
  const overhead = total.map((t, i) => t - device[i]!)
  const sortedDevice = [...device].sort((a, b) => a - b)
  const sortedOverhead = [...overhead].sort((a, b) => a - b)
  const sortedTotal = [...total].sort((a, b) => a - b)
  const floorPlan = wireFloorMs(sectors)
  const floorOneSector = wireFloorMs(1)
  const figures = {
    bench: 'card-issue',
    cards: N,
    baud: BAUD,
    sectors,
    deviceMedianMs: round(quantile(sortedDevice, 0.5)),
    deviceP95Ms: round(quantile(sortedDevice, 0.95)),
    overheadMedianMs: round(quantile(sortedOverhead, 0.5)),
    overheadP95Ms: round(quantile(sortedOverhead, 0.95)),
    httpMedianMs: round(quantile(sortedTotal, 0.5)),
    httpP95Ms: round(quantile(sortedTotal, 0.95)),
    wireFloorMs: round(floorPlan),
    wireFloorOneSectorMs: round(floorOneSector),
    deviceP95OverFloor: round(quantile(sortedDevice, 0.95) / floorPlan),
    targetDeviceP95Ms: 100,
  }
  const rows: [string, string, string][] = [
    ['device part (write + verify)', `${figures.deviceMedianMs}`, `${figures.deviceP95Ms}`],
    ['bridge overhead (HTTP + mapping)', `${figures.overheadMedianMs}`, `${figures.overheadP95Ms}`],
    ['whole /bridge/card/issue call', `${figures.httpMedianMs}`, `${figures.httpP95Ms}`],
  ]
  console.log(
    `card-issue: ${N} guest cards, ${sectors} sectors each, simulated PN532 at ${BAUD} baud (modelled wire)`,
  )
  console.log(`${'part'.padEnd(34)}${'median ms'.padStart(12)}${'p95 ms'.padStart(10)}`)
  for (const [name, median, p95] of rows)
    console.log(`${name.padEnd(34)}${median.padStart(12)}${p95.padStart(10)}`)
  console.log(
    `wire floor: ${figures.wireFloorMs} ms for this plan (select + ${sectors} × (auth + 4 writes) + ${sectors} × (auth + 3 reads)); ` +
      `${figures.wireFloorOneSectorMs} ms for one sector`,
  )
  console.log(
    `device p95 / wire floor: ${figures.deviceP95OverFloor} (target: device p95 ≤ ${figures.targetDeviceP95Ms} ms)`,
  )
  console.log(JSON.stringify(figures))
} finally {
  await app.close()
  dir.remove()
}
