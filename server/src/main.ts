// `npm run server`: the business API alone, for a central deployment (PostgreSQL + an MQTT broker), on 0.0.0.0:8080.
import Fastify from 'fastify'
import { centralAppOptions } from './central-app.ts'
import { ConfigError, loadServerConfig, openServer } from './index.ts'

async function main() {
  let config: ReturnType<typeof loadServerConfig>
  try {
    config = loadServerConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(2)
    }
    throw error
  }
  if (!config.databaseUrl)
    console.warn('DATABASE_URL is not set: using the embedded database in', config.dataDir)
  const server = await openServer(config)
  for (const line of server.notices) console.log(line)
  const app = Fastify(centralAppOptions(config))
  await app.register(server.plugin, { prefix: '/prod-api' })
  app.get('/health', async () => ({
    code: 200,
    msg: 'ok',
    data: { database: (await server.databaseHealthy()) ? 'ok' : 'down' },
  }))
  const port = Number(process.env.PORT ?? 8080)
  const host = process.env.HOST ?? '0.0.0.0'
  await app.listen({ port, host })
  const stop = async () => {
    await app.close()
    await server.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
