// Finds or makes a row that a given property owns, in any table, from the database's own catalogue: required columns get
// plain values, foreign keys a row of the same property (made the same way when there is none). Tests that need
// "some record of the other property" for every kind of record use it, so a table added later needs nothing here.

import type { PropertyRecord } from '@pms/server/http/property-records'
import { getTableName } from 'drizzle-orm'
import type { TestProduct } from './harness.ts'

interface Column {
  column_name: string
  data_type: string
  udt_name: string
  is_nullable: string
  column_default: string | null
  is_identity: string
  character_maximum_length: number | null
}

export class OwnedRows {
  private readonly made = new Map<string, number>()
  private serial = 0
  constructor(private readonly p: TestProduct) {}

  /** The id of a record of this kind that `propertyId` owns. */
  async of(record: PropertyRecord, propertyId: number): Promise<number> {
    const table = getTableName(record.table)
    if ('through' in record.owner) {
      // Owned through a parent (a room type's cost): a row pointing at a parent the property owns.
      const parent = await this.of(record.owner.record, propertyId)
      return this.row(table, record.id.name, { [record.owner.through.name]: parent }, propertyId)
    }
    return this.row(table, record.id.name, { [record.owner.name]: propertyId }, propertyId)
  }

  private async row(table: string, idColumn: string, fixed: Record<string, number>, propertyId: number) {
    const key = `${table}:${JSON.stringify(fixed)}`
    const known = this.made.get(key)
    if (known) return known
    const where = Object.keys(fixed).map((c, i) => `${c} = $${i + 1}`)
    const [existing] = await this.p.query<{ id: number }>(
      `SELECT ${idColumn} AS id FROM ${table} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY 1 LIMIT 1`,
      Object.values(fixed),
    )
    const id = existing ? Number(existing.id) : await this.insert(table, idColumn, fixed, propertyId)
    this.made.set(key, id)
    return id
  }

  private async insert(table: string, idColumn: string, fixed: Record<string, number>, propertyId: number) {
    const columns = await this.p.query<Column>(
      `SELECT column_name, data_type, udt_name, is_nullable, column_default, is_identity, character_maximum_length
         FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
      [table],
    )
    const foreign = await this.p.query<{ column_name: string; ref_table: string; ref_column: string }>(
      `SELECT a.attname AS column_name, rt.relname AS ref_table, ra.attname AS ref_column
         FROM pg_constraint c
         JOIN pg_class t ON t.oid = c.conrelid
         JOIN pg_class rt ON rt.oid = c.confrelid
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
         JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = c.confkey[1]
        WHERE c.contype = 'f' AND t.relname = $1 AND t.relnamespace = current_schema()::regnamespace`,
      [table],
    )
    // A column's CHECK that lists the values it allows (state IN ('booking', …)): take the first.
    const checks = await this.p.query<{ def: string }>(
      `SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
        WHERE c.contype = 'c' AND t.relname = $1 AND t.relnamespace = current_schema()::regnamespace`,
      [table],
    )
    const allowed = (column: string): unknown => {
      for (const { def } of checks) {
        const listed = new RegExp(`\\b${column}\\b[^=,]{0,20}= ANY \\(+ARRAY\\[([^\\]]*)\\]`).exec(def)
        if (listed)
          return listed[1]!
            .split(',')[0]!
            .trim()
            .replace(/::[\w ]+$/, '')
            .replace(/^'(.*)'$/, '$1')
      }
      return undefined
    }
    const values: Record<string, unknown> = { ...fixed }
    for (const c of columns) {
      if (
        c.column_name in values ||
        c.is_nullable === 'YES' ||
        c.column_default !== null ||
        c.is_identity === 'YES'
      )
        continue
      const fk = foreign.find((f) => f.column_name === c.column_name)
      values[c.column_name] = fk
        ? await this.parent(fk.ref_table, fk.ref_column, propertyId)
        : (allowed(c.column_name) ?? this.plain(c))
    }
    const insert = async (row: Record<string, unknown>) => {
      const names = Object.keys(row)
      const [made] = await this.p.query<{ id: number }>(
        `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})
         RETURNING ${idColumn} AS id`,
        Object.values(row),
      )
      return Number(made!.id)
    }
    try {
      return await insert(values)
    } catch (error) {
      // A rule across columns ((in_cents > 0) <> (out_cents > 0)): give one defaulted number of the rule a value.
      if (!String((error as Error).message).includes('check constraint')) throw error
      const failed = /constraint "([^"]+)"/.exec((error as Error).message)?.[1]
      const named = await this.p.query<{ def: string }>(
        `SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
          WHERE c.conname = $1 AND t.relname = $2`,
        [failed, table],
      )
      for (const c of columns) {
        if (c.column_name in values || !new RegExp(`\\b${c.column_name}\\b`).test(named[0]?.def ?? ''))
          continue
        if (!['int2', 'int4', 'int8', 'numeric'].includes(c.udt_name)) continue
        // A reference (one of product or package must be named) gets a row it can point at.
        const fk = foreign.find((f) => f.column_name === c.column_name)
        try {
          const value = fk ? await this.parent(fk.ref_table, fk.ref_column, propertyId) : 1
          return await insert({ ...values, [c.column_name]: value })
        } catch {}
      }
      throw new Error(`cannot make a row of ${table} for property ${propertyId}: ${(error as Error).message}`)
    }
  }

  /** A row of a referenced table: one of the property's when the table has owners, else any (made if none). */
  private async parent(table: string, column: string, propertyId: number): Promise<number> {
    const [owned] = await this.p.query(
      `SELECT 1 FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = $1 AND column_name = 'property_id'`,
      [table],
    )
    if (table === 'pms_property') return propertyId
    return this.row(table, column, owned ? { property_id: propertyId } : {}, propertyId)
  }

  private plain(c: Column): unknown {
    const n = ++this.serial
    switch (c.udt_name) {
      case 'int2':
      case 'int4':
      case 'int8':
      case 'numeric':
      case 'float4':
      case 'float8':
        return 1
      case 'bool':
        return false
      // Later columns get later days (departure after arrival).
      case 'date':
        return new Date(Date.UTC(2030, 0, n)).toISOString().slice(0, 10)
      case 'timestamp':
      case 'timestamptz':
        return new Date(Date.UTC(2030, 0, n)).toISOString()
      case 'json':
      case 'jsonb':
        return '{}'
      case 'tsrange':
      case 'tstzrange':
      case 'daterange':
        return `[${new Date(Date.UTC(2031, 0, n)).toISOString().slice(0, 10)},${new Date(Date.UTC(2031, 0, n + 1)).toISOString().slice(0, 10)})`
      default:
        return `w${n}`.slice(0, c.character_maximum_length ?? 20)
    }
  }
}
