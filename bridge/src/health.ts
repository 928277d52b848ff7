// GET /bridge/health: what a technician or a monitor checks first.
import { translate } from '@pms/protocol'
import type { BridgeHealth, BridgeMode, BridgeUpdate } from '@pms/protocol/api/bridge-devices'
import type { FastifyInstance } from 'fastify'
import { requestLanguage } from './language.ts'

export interface HealthSources {
  version: string
  mode: BridgeMode
  startedAt: number
  /** 'upstream' in proxy mode: the database belongs to the central server. */
  database(): Promise<'ok' | 'down' | 'upstream'>
  /** 'upstream' when /mqtt is relayed to another broker (or there is none here). */
  broker(): 'ok' | 'down' | 'upstream'
  /** The latest published bridge against this one (update-check.ts); null when none is published. */
  update(): Promise<BridgeUpdate | null>
}

export function registerHealthRoute(app: FastifyInstance, sources: HealthSources): void {
  app.get('/bridge/health', async (request) => {
    const data: BridgeHealth = {
      version: sources.version,
      uptimeSeconds: Math.floor((Date.now() - sources.startedAt) / 1000),
      database: await sources.database(),
      broker: sources.broker(),
      mode: sources.mode,
      update: await sources.update(),
    }
    return { code: 200, msg: translate(requestLanguage(request.headers), 'common.success'), data }
  })
}
