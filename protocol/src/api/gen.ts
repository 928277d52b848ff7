// Contract of the code generation config (issue 17, /gen/edit/:tableId): a database table imported for generation,
// its columns' choices, and the two files it previews. Developer tooling: it writes source text, never the system.

export const GenPermission = 'tool:gen'

/** The console form inputs a generated page can use (web/src/ui/crud/fields.ts FieldKind, the ones a column maps to). */
export const GEN_INPUT_KINDS = ['text', 'textarea', 'integer', 'money', 'switch', 'date'] as const
export type GenInputKind = (typeof GEN_INPUT_KINDS)[number]

/** pg_type names of the integer columns; a plain resource's key is one of them. */
export const GEN_INTEGER_TYPES = ['int2', 'int4', 'int8'] as const

/** The input kinds a column of this database type can take; empty: it cannot be a form or search field. */
export function genKindsFor(columnType: string): GenInputKind[] {
  if ((GEN_INTEGER_TYPES as readonly string[]).includes(columnType)) return ['integer', 'money']
  if (['varchar', 'bpchar', 'text'].includes(columnType)) return ['text', 'textarea']
  if (columnType === 'numeric') return ['text']
  if (columnType === 'bool') return ['switch']
  if (columnType === 'date') return ['date']
  return []
}

export const GEN_QUERY_TYPES = ['eq', 'like'] as const
export type GenQueryType = (typeof GEN_QUERY_TYPES)[number]

/** A table of the database, as the import dialog lists it. */
export interface DbTable {
  tableName: string
  tableComment: string
}

export interface GenTable {
  tableId: number
  tableName: string
  tableComment: string
  /** camelCase resource name: memberTag → memberTagRoutes, MemberTag, MemberTagPage. */
  businessName: string
  /** What a person calls it, for the files' opening comment. */
  functionName: string
  /** Folder of server/src and web/src. */
  moduleName: string
  /** e.g. pms:pmsMemberTag; the URL base is /pms/pmsMemberTag. */
  permissionPrefix: string
  createTime: string
  updateTime: string
}

export interface GenColumn {
  columnId: number
  tableId: number
  columnName: string
  columnComment: string
  columnType: string
  maxLength: number | null
  fieldName: string
  isPk: boolean
  isRequired: boolean
  isList: boolean
  isQuery: boolean
  queryType: GenQueryType
  isForm: boolean
  inputKind: GenInputKind
  sort: number
}

export interface GenTableDetail extends GenTable {
  columns: GenColumn[]
  /** The Drizzle schema declares the table: its columns keep the schema's field names. */
  declared: boolean
}

/** One generated file: where it goes in the repository and its text. */
export interface GenFile {
  path: string
  content: string
}

export interface GenPreview {
  server: GenFile
  web: GenFile
}

export type GenFileKind = keyof GenPreview
