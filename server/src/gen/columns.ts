// What a column becomes in a generated resource: its name in code (the Drizzle schema's own when the table is
// declared there), the input kinds its type allows, and the choices an import starts from (RuoYi's defaults).
import { type GenInputKind, type GenQueryType, genKindsFor } from '@pms/protocol/api/gen'
import { getTableColumns, getTableName, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import * as schema from '../db/schema/index.ts'
import type { DbColumn } from './catalog.ts'
import { isReserved } from './shape.ts'

/** Columns the house fills itself: never in a form. */
const AUDIT_COLUMNS = ['create_time', 'update_time', 'create_by', 'update_by', 'property_id']

export interface DeclaredTable {
  /** The export of server/src/db/schema that declares it. */
  exportName: string
  /** SQL column name → property name. */
  fields: Map<string, string>
}

let declared: Map<string, DeclaredTable> | undefined
/** Tables the Drizzle schema declares, by SQL name. */
export function declaredTable(tableName: string): DeclaredTable | undefined {
  declared ??= new Map(
    Object.entries(schema)
      .filter(([, value]) => is(value, PgTable))
      .map(([exportName, table]) => [
        getTableName(table as PgTable),
        {
          exportName,
          fields: new Map(Object.entries(getTableColumns(table as PgTable)).map(([key, c]) => [c.name, key])),
        },
      ]),
  )
  return declared.get(tableName)
}

export const camelCase = (name: string) => name.replace(/_+([a-z0-9])/g, (_, ch: string) => ch.toUpperCase())

/** The choices a freshly imported column starts with. */
export function importedColumn(column: DbColumn, index: number, table?: DeclaredTable) {
  const kinds = genKindsFor(column.columnType)
  const money = /(_cents|price|amount)$/.test(column.columnName)
  const long = column.columnType === 'text' || (column.maxLength ?? 0) > 200
  const inputKind: GenInputKind =
    kinds[0] === 'integer' && money
      ? 'money'
      : kinds[0] === 'text' && long
        ? 'textarea'
        : (kinds[0] ?? 'text')
  const isForm = !column.isPk && kinds.length > 0 && !AUDIT_COLUMNS.includes(column.columnName)
  const isQuery = isForm && /(name|_no|status|state|type)$/.test(column.columnName)
  const queryType: GenQueryType =
    isQuery && inputKind === 'text' && !column.columnName.endsWith('type') ? 'like' : 'eq'
  return {
    columnName: column.columnName,
    columnComment: column.columnComment,
    columnType: column.columnType,
    maxLength: column.maxLength,
    fieldName: table?.fields.get(column.columnName) ?? camelCase(column.columnName),
    isPk: column.isPk,
    isRequired: isForm && column.notNull && !column.hasDefault,
    isList: isForm && inputKind !== 'textarea',
    isQuery,
    queryType,
    isForm,
    inputKind,
    sort: index + 1,
  }
}

/** The business name, module and permission an import starts with: pms_member_tag → memberTag, pms, pms:pmsMemberTag. */
export function importedTable(tableName: string) {
  const [head = tableName, ...rest] = tableName.split('_')
  const moduleName = rest.length ? head : 'system'
  const name = camelCase(rest.length ? rest.join('_') : head)
  const businessName = isReserved(name) ? `${name}Record` : name
  return { businessName, moduleName, permissionPrefix: `${moduleName}:${camelCase(tableName)}` }
}
