// What the database holds, read from pg_catalog (the same on PGlite and PostgreSQL): its tables with their comments,
// and one table's columns with type, length, nullability, default and primary key. Read only.
import type { SqlClient } from '../db/sql-client.ts'

/** The generator's own tables and the migration log are not resources. */
const NOT_RESOURCES = `c.relname NOT LIKE 'gen\\_%' AND c.relname <> 'schema_migration'`

const TABLES = `FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND ${NOT_RESOURCES}`

export interface DbColumn {
  columnName: string
  columnComment: string
  /** pg_type's name: varchar, bpchar, text, int2, int4, int8, numeric, bool, date, timestamptz… */
  columnType: string
  maxLength: number | null
  notNull: boolean
  hasDefault: boolean
  isPk: boolean
}

/** Tables not yet imported, whose name contains `name`, one page of them. */
export async function listDbTables(sql: SqlClient, name: string, limit: number, offset: number) {
  const where = `${TABLES} AND c.relname ILIKE $1
    AND NOT EXISTS (SELECT 1 FROM gen_table g WHERE g.table_name = c.relname)`
  const pattern = `%${name.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  const [rows, total] = await Promise.all([
    sql.query<{ tableName: string; tableComment: string }>(
      `SELECT c.relname AS "tableName", coalesce(obj_description(c.oid, 'pg_class'), '') AS "tableComment"
       ${where} ORDER BY c.relname LIMIT $2 OFFSET $3`,
      [pattern, limit, offset],
    ),
    sql.query<{ total: number }>(`SELECT count(*)::int AS total ${where}`, [pattern]),
  ])
  return { rows: rows.rows, total: Number(total.rows[0]?.total ?? 0) }
}

/** The named table, when it is one of the database's resource tables. */
export async function findDbTable(sql: SqlClient, tableName: string) {
  const { rows } = await sql.query<{ tableName: string; tableComment: string }>(
    `SELECT c.relname AS "tableName", coalesce(obj_description(c.oid, 'pg_class'), '') AS "tableComment"
     ${TABLES} AND c.relname = $1`,
    [tableName],
  )
  return rows[0]
}

export async function dbColumns(sql: SqlClient, tableName: string): Promise<DbColumn[]> {
  const { rows } = await sql.query<DbColumn>(
    `SELECT a.attname AS "columnName", coalesce(col_description(a.attrelid, a.attnum), '') AS "columnComment",
       t.typname AS "columnType",
       CASE WHEN t.typname IN ('varchar', 'bpchar') AND a.atttypmod > 4 THEN a.atttypmod - 4 END AS "maxLength",
       a.attnotnull AS "notNull", (a.atthasdef OR a.attidentity <> '') AS "hasDefault",
       EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary AND a.attnum = ANY (i.indkey))
         AS "isPk"
     FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_type t ON t.oid = a.atttypid
     WHERE n.nspname = current_schema() AND c.relname = $1 AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY a.attnum`,
    [tableName],
  )
  return rows.map((r) => ({ ...r, maxLength: r.maxLength === null ? null : Number(r.maxLength) }))
}
