// Device routes (protocol/src/api/devices.ts): the platform's catalogue.
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { catalogueRoutes } from './catalogue.ts'

export function deviceRoutes(app: FastifyInstance, { db }: ServerContext) {
  catalogueRoutes(app, db)
}
