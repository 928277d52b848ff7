// /bridge/sim/*, registered only in simulate mode: the virtual card tray, the encoder's cable, the simulated locks.
import { refusalReasonKey, toHex, translate } from '@pms/protocol'
import type {
  SimCardsView,
  SimCardView,
  SimClockRequest,
  SimLocksView,
  SimPresentRequest,
  SimPresentResult,
  SimReachRequest,
} from '@pms/protocol/api/bridge-devices'
import type { FastifyInstance } from 'fastify'
import { requestLanguage } from '../../language.ts'
import { ok } from './reply.ts'
import { bodySchemas, roomParams, uidParams } from './schemas.ts'
import type { DeviceService } from './service.ts'
import type { SimulatedHardware } from './simulate.ts'

export function simRoutes(app: FastifyInstance, sim: SimulatedHardware, devices: DeviceService): void {
  const cardView = (uid: string): SimCardView => sim.listCards().find((c) => c.uid === uid)!

  app.get('/sim/cards', async (request) => {
    const view: SimCardsView = { cards: sim.listCards() }
    return ok(requestLanguage(request.headers), view)
  })

  app.post('/sim/cards', async (request) => {
    const card = sim.newCard()
    return ok(requestLanguage(request.headers), cardView(toHex(card.uid)))
  })

  app.post('/sim/cards/:uid/place', { schema: { params: uidParams } }, async (request) => {
    const { uid } = request.params as { uid: string }
    sim.place(uid)
    return ok(requestLanguage(request.headers), cardView(uid.toUpperCase()))
  })

  app.post('/sim/cards/:uid/remove', { schema: { params: uidParams } }, async (request) => {
    const { uid } = request.params as { uid: string }
    sim.remove(uid)
    return ok(requestLanguage(request.headers), cardView(uid.toUpperCase()))
  })

  app.post('/sim/encoder/unplug', async (request) => {
    sim.unplugEncoder()
    return ok(requestLanguage(request.headers), { plugged: false })
  })

  app.post('/sim/encoder/replug', async (request) => {
    sim.replugEncoder()
    await devices.registry.rescan()
    return ok(requestLanguage(request.headers), { plugged: true })
  })

  app.get('/sim/locks', async (request) => {
    const view: SimLocksView = { locks: sim.listLocks() }
    return ok(requestLanguage(request.headers), view)
  })

  app.post(
    '/sim/locks/:room/present',
    { schema: { params: roomParams, body: bodySchemas.simPresent } },
    async (request) => {
      const lang = requestLanguage(request.headers)
      const { room } = request.params as { room: string }
      const decision = sim.present(room, (request.body as SimPresentRequest).uid)
      let view: SimPresentResult
      switch (decision.outcome) {
        case 'accept':
          view = {
            outcome: 'accept',
            opens: decision.opens,
            effect: decision.effect,
            text: translate(lang, `device.sim.effect.${decision.effect}`),
          }
          break
        case 'refuse':
          view = {
            outcome: 'refuse',
            reason: decision.reason,
            text: translate(lang, refusalReasonKey(decision.reason)),
          }
          break
        case 'ignored':
          view = { outcome: 'ignored', why: decision.why, text: translate(lang, 'device.sim.notInitialised') }
          break
      }
      return ok(lang, view)
    },
  )

  app.post(
    '/sim/locks/:room/clock',
    { schema: { params: roomParams, body: bodySchemas.simClock } },
    async (request) => {
      const { room } = request.params as { room: string }
      const time = sim.setLockClock(room, (request.body as SimClockRequest).time)
      return ok(requestLanguage(request.headers), { roomNo: room, time })
    },
  )

  app.post(
    '/sim/locks/:room/reach',
    { schema: { params: roomParams, body: bodySchemas.simReach } },
    async (request) => {
      const { room } = request.params as { room: string }
      const { inReach } = request.body as SimReachRequest
      sim.setInReach(room, inReach)
      return ok(requestLanguage(request.headers), { roomNo: room, inReach })
    },
  )
}
