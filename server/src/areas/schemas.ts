// Request schemas of the area list (SPEC §2.7, §3): area type, name and remark.
import { Type } from '@sinclair/typebox'

export const AreaFields = Type.Object({
  areaType: Type.String({ minLength: 1, maxLength: 50, description: 'Kind of area, e.g. lobby or parking' }),
  areaName: Type.String({ minLength: 1, maxLength: 50 }),
  remark: Type.Optional(Type.String({ maxLength: 500 })),
})
