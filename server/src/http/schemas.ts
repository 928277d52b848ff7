// Request schemas shared by many routes.
import { PAGE_DEFAULTS } from '@pms/protocol'
import { Type } from '@sinclair/typebox'

export const PageQuery = Type.Object({
  pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_DEFAULTS.maxPageSize })),
})

export const IdParam = Type.Object({ id: Type.Integer({ minimum: 1 }) })
