// Languages (SPEC §3, §7): the public language options and server packs (`/web`), CRUD of single entries, and bulk
// writes from the console (`writeLanguage`) or an uploaded JSON file (`importData`), each in one transaction.
import type { LanguageOption, LanguagePackData } from '@pms/protocol'
import { Type } from '@sinclair/typebox'
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { language, languageType } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { ok } from '../http/reply.ts'
import {
  CONTENT_MAX,
  ENTRIES_MAX,
  LANGUAGE_KEY_PATTERN,
  LanguageCode,
  LanguageFields,
  WriteLanguageBody,
} from './language-schemas.ts'
import { packFileKind, readPackSheet } from './language-sheet.ts'
import { readUpload } from './uploads.ts'

const IMPORT_MAX_BYTES = 2 * 1024 * 1024
const CHUNK = 500

export async function assertLanguageExists(db: Db, code: string) {
  const [known] = await db
    .select({ code: languageType.code })
    .from(languageType)
    .where(eq(languageType.code, code))
  if (!known) throw badRequest('language.codeUnknown', [code])
}

/** Inserts or replaces every entry of one language in one transaction; returns how many were written. */
export async function upsertEntries(db: Db, code: string, entries: Record<string, string>): Promise<number> {
  await assertLanguageExists(db, code)
  const rows = Object.entries(entries).map(([languageKey, content]) => ({
    languageCode: code,
    languageKey,
    content,
  }))
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx
        .insert(language)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoUpdate({
          target: [language.languageCode, language.languageKey],
          set: { content: sql`excluded.content`, updateTime: new Date() },
        })
    }
  })
  return rows.length
}

/**
 * Reads an uploaded pack: an .xlsx sheet (key, content per row) or a `{key: content}` JSON file, recognised by content;
 * a legacy binary .xls is named as such, anything else refused as not a spreadsheet.
 */
async function readPackFile(request: FastifyRequest): Promise<Record<string, string>> {
  if (!request.isMultipart()) throw badRequest('validation.required', ['file'])
  const bytes = await readUpload(request, 'file', IMPORT_MAX_BYTES, () =>
    badRequest('language.fileTooLarge', [IMPORT_MAX_BYTES / 1024 / 1024]),
  )
  const kind = packFileKind(bytes)
  if (kind === 'xlsx') return readPackSheet(bytes)
  if (kind === 'xls') throw badRequest('language.legacyXls')
  if (kind === 'other') throw badRequest('language.spreadsheetOnly')
  let parsed: unknown
  try {
    parsed = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''))
  } catch {
    throw badRequest('language.badFile', ['file'])
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw badRequest('language.badFile', ['file'])
  const entries = Object.entries(parsed as Record<string, unknown>)
  if (entries.length === 0 || entries.length > ENTRIES_MAX) throw badRequest('language.badFile', ['file'])
  const keyPattern = new RegExp(LANGUAGE_KEY_PATTERN)
  for (const [key, content] of entries) {
    if (key.length > 200 || !keyPattern.test(key)) throw badRequest('language.badFile', [key.slice(0, 60)])
    if (typeof content !== 'string' || content.length > CONTENT_MAX)
      throw badRequest('language.badFile', [key])
  }
  return parsed as Record<string, string>
}

export function languageRoutes(app: FastifyInstance, { db }: ServerContext) {
  app.get('/system/sysLanguage/listAll', { config: { auth: 'public' } }, async () => {
    const options: LanguageOption[] = await db
      .select({ name: languageType.name, code: languageType.code })
      .from(languageType)
      .where(eq(languageType.status, '0'))
      .orderBy(asc(languageType.sort), asc(languageType.code))
    return ok(options)
  })

  app.get('/system/sysLanguage/web', { config: { auth: 'public' } }, async () => {
    const types = await db
      .select({ code: languageType.code })
      .from(languageType)
      .where(eq(languageType.status, '0'))
      .orderBy(asc(languageType.sort), asc(languageType.code))
    const codes = types.map((t) => t.code)
    const rows = codes.length
      ? await db
          .select({
            code: language.languageCode,
            languageKey: language.languageKey,
            content: language.content,
          })
          .from(language)
          .where(inArray(language.languageCode, codes))
          .orderBy(asc(language.languageKey))
      : []
    const data: LanguagePackData = codes.map((code) => ({
      [code]: rows
        .filter((r) => r.code === code)
        .map(({ languageKey, content }) => ({ languageKey, content })),
    }))
    return ok(data)
  })

  app.post(
    '/system/sysLanguage/writeLanguage',
    {
      config: { permission: 'system:sysLanguage:edit', userTypes: [1] },
      schema: { body: WriteLanguageBody },
    },
    async (request) => {
      const body = request.body as { languageCode: string; entries: Record<string, string> }
      return ok({ written: await upsertEntries(db, body.languageCode, body.entries) }, 'common.editSuccess')
    },
  )

  app.post(
    '/system/sysLanguage/importData',
    {
      config: { permission: 'system:sysLanguage:add', userTypes: [1] },
      schema: { querystring: Type.Object({ languageCode: LanguageCode }) },
    },
    async (request) => {
      const { languageCode } = request.query as { languageCode: string }
      await assertLanguageExists(db, languageCode)
      const entries = await readPackFile(request)
      return ok({ written: await upsertEntries(db, languageCode, entries) }, 'common.success')
    },
  )

  defineCrud(app, db, {
    base: '/system/sysLanguage',
    table: language,
    id: { column: language.id, name: 'id' },
    entity: 'entity.language',
    permission: 'system:sysLanguage',
    userTypes: [1],
    fields: LanguageFields,
    filters: {
      languageCode: { column: language.languageCode, match: 'eq' },
      languageKey: { column: language.languageKey, match: 'like' },
    },
    orderBy: { column: language.languageKey },
    prepare: async (fields, { db, id }) => {
      if (fields.languageCode === undefined && fields.languageKey === undefined) return fields
      let code = fields.languageCode as string | undefined
      let key = fields.languageKey as string | undefined
      if (id && (code === undefined || key === undefined)) {
        const [current] = await db.select().from(language).where(eq(language.id, id))
        if (!current) throw notFound('entity.language')
        code ??= current.languageCode
        key ??= current.languageKey
      }
      await assertLanguageExists(db, code!)
      const [taken] = await db
        .select({ id: language.id })
        .from(language)
        .where(
          and(
            eq(language.languageCode, code!),
            eq(language.languageKey, key!),
            id ? ne(language.id, id) : undefined,
          ),
        )
      if (taken) throw conflict('language.keyTaken', [code, key])
      return fields
    },
  })
}
