// Request schemas of the dictionary (types and data), shared by its routes and their tests' expectations.
import { Type } from '@sinclair/typebox'

export const Status = Type.Union([Type.Literal('0'), Type.Literal('1')])
/** A dictionary type name as used in code: `pms_property_type`. */
export const DictTypeName = Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z][a-z0-9_]*$' })

export const DictTypeFields = Type.Object({
  dictName: Type.String({ minLength: 1, maxLength: 100 }),
  dictType: DictTypeName,
  status: Type.Optional(Status),
  remark: Type.Optional(Type.String({ maxLength: 500 })),
})

export const DictDataFields = Type.Object({
  dictType: DictTypeName,
  dictLabel: Type.String({ minLength: 1, maxLength: 100 }),
  dictValue: Type.String({ minLength: 1, maxLength: 100 }),
  dictSort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  cssClass: Type.Optional(Type.String({ maxLength: 100 })),
  listClass: Type.Optional(Type.String({ maxLength: 100 })),
  isDefault: Type.Optional(Type.Union([Type.Literal('Y'), Type.Literal('N')])),
  status: Type.Optional(Status),
  remark: Type.Optional(Type.String({ maxLength: 500 })),
})
