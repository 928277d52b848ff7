// The region table and the maps service (SPEC §2.6, §3, §7):
//   GET /system/region/tree         the province → city → county tree (public, cached, ETag)
//   GET /system/region/address      an address value with names filled from its codes (public)
//   GET /system/maps/district       districts by name or code, with sub-districts
//   GET /system/maps/regeo          coordinates → address value
//   GET /system/maps/suggestion     keyword → places {title, address, cityId, location?}
//   GET /system/maps/ip             IP (default: the caller's) → address value
// The maps routes need a signed-in user: a configured web service spends its key's quota on each call.
import { fillAddressNames } from '@pms/protocol/geo/regions'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { badRequest } from '../http/errors.ts'
import { localize, requestLanguage } from '../http/language.ts'
import { ok } from '../http/reply.ts'
import { mapsProvider } from './maps.ts'
import { regionTable } from './table.ts'

const code = (description: string) => Type.Optional(Type.String({ pattern: '^\\d{6}$', description }))
const name = Type.Optional(Type.String({ maxLength: 50 }))

const AddressQuery = Type.Object({
  provinceCode: code('6-digit province code, e.g. 440000'),
  cityCode: code('6-digit city code, e.g. 440300'),
  countyCode: Type.Optional(Type.String({ pattern: '^\\d{6}(\\d{3})?$' })),
  province: name,
  city: name,
  county: name,
  address: Type.Optional(Type.String({ maxLength: 200 })),
})

const DistrictQuery = Type.Object({
  keywords: Type.Optional(Type.String({ maxLength: 50 })),
  subdistrict: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, default: 1 })),
})
const RegeoQuery = Type.Object({
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lng: Type.Number({ minimum: -180, maximum: 180 }),
})
const SuggestionQuery = Type.Object({
  keyword: Type.String({ minLength: 1, maxLength: 50 }),
  city: code('restricts suggestions to this province or city'),
})
const IpQuery = Type.Object({ ip: Type.Optional(Type.String({ format: 'ipv4' })) })

export function regionRoutes(app: FastifyInstance, { db }: ServerContext) {
  app.get('/system/region/tree', { config: { auth: 'public' } }, async (request, reply) => {
    const table = regionTable()
    const lang = requestLanguage(request)
    const etag = `${table.etag.slice(0, -1)}-${lang}"`
    reply
      .header('ETag', etag)
      .header('Cache-Control', 'public, max-age=3600')
      .header('Vary', 'Accept-Language')
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    // The tree is serialised once; only the envelope's message depends on the request.
    const msg = JSON.stringify(localize(lang, 'common.success'))
    return reply
      .type('application/json; charset=utf-8')
      .send(`{"code":200,"msg":${msg},"data":${table.json}}`)
  })

  app.get(
    '/system/region/address',
    { config: { auth: 'public' }, schema: { querystring: AddressQuery } },
    async (request) => {
      const { value, invalid } = fillAddressNames(
        regionTable().index,
        request.query as typeof AddressQuery.static,
      )
      if (invalid) throw badRequest('region.unknownCode', [invalid])
      return ok(value)
    },
  )

  app.get('/system/maps/district', { schema: { querystring: DistrictQuery } }, async (request) => {
    const query = request.query as typeof DistrictQuery.static
    const maps = await mapsProvider(db)
    return ok(await maps.districts({ keywords: query.keywords, subdistrict: query.subdistrict ?? 1 }))
  })

  app.get('/system/maps/regeo', { schema: { querystring: RegeoQuery } }, async (request) => {
    const answer = await (await mapsProvider(db)).reverseGeocode(request.query as typeof RegeoQuery.static)
    return ok(answer, answer.available ? 'common.success' : 'maps.regeoOffline')
  })

  app.get('/system/maps/suggestion', { schema: { querystring: SuggestionQuery } }, async (request) => {
    const { keyword, city } = request.query as typeof SuggestionQuery.static
    return ok(await (await mapsProvider(db)).suggestions(keyword, city))
  })

  app.get('/system/maps/ip', { schema: { querystring: IpQuery } }, async (request) => {
    const ip = (request.query as typeof IpQuery.static).ip ?? request.ip
    const answer = await (await mapsProvider(db)).ipLocation(ip)
    return ok(answer, answer.available ? 'common.success' : 'maps.ipOffline')
  })
}
