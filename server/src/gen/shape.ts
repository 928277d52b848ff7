// Names and the shape of a generated resource shared by both files: its key, its property column, its URL.
import { GEN_INTEGER_TYPES, type GenColumn, type GenTableDetail } from '@pms/protocol/api/gen'
import { badRequest } from '../http/errors.ts'

export const pascalCase = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)
export const kebabCase = (name: string) => name.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)
/** pms:pmsMemberTag → /pms/pmsMemberTag, as every house resource pairs its URL and its permission. */
export const basePath = (prefix: string) => `/${prefix.replaceAll(':', '/')}`

/** The one integer primary key a plain resource is addressed by (defineCrud's ids are numbers). */
export function keyColumn(t: GenTableDetail): GenColumn {
  const keys = t.columns.filter((c) => c.isPk)
  const key = keys[0]
  if (keys.length !== 1 || !key || !(GEN_INTEGER_TYPES as readonly string[]).includes(key.columnType))
    throw badRequest('gen.needIntegerKey', [t.tableName])
  return key
}

/** A property-owned table's property column (tenancy of DESIGN §4). */
export const propertyColumn = (t: GenTableDetail) => t.columns.find((c) => c.columnName === 'property_id')

/** Text for a `//` comment: one line. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()
/** A single-quoted TypeScript string. */
export const quote = (text: string) => `'${text.replace(/[\\']/g, (ch) => `\\${ch}`)}'`

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'yield let static implements interface package private protected public await'
  ).split(' '),
)
/** A word that cannot name a variable in the generated files. */
export const isReserved = (name: string) => RESERVED.has(name)
