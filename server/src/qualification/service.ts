// Customer qualification flow (SPEC §4, §5, §7): a registered user applies (or resubmits), a platform admin approves
// or refuses, and plugging an approved application in creates the applicant's property with the applicant as its
// merchant admin. Every state change goes through the transition table of @pms/protocol/api/qualification.
import { randomBytes } from 'node:crypto'
import {
  applicationProblems,
  cityIdForSubmit,
  PLUGGED_PROPERTY_AUTH_STATE,
  QUALIFICATION_FIELDS,
  type QualificationBody,
  QualificationState,
} from '@pms/protocol/api/qualification'
import { and, eq } from 'drizzle-orm'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { customQualification, property, propertyUser, role, sysFile, user } from '../db/schema/index.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { regionTable } from '../regions/table.ts'
import { FileCategory, fileIdOfPath, fileOfPath } from '../system/files.ts'
import { type ReviewInput, reviewStep, transition } from './review.ts'

export type QualificationRow = typeof customQualification.$inferSelect

/** Checks an application against §5 (first problem wins, in form order) and answers the values to store. */
export async function validApplication(ctx: ServerContext, userId: number, body: Partial<QualificationBody>) {
  const problems = applicationProblems(body)
  const field = QUALIFICATION_FIELDS.find((f) => problems[f])
  if (field) throw badRequest(problems[field]!.key, problems[field]!.params)
  const cityId = cityIdForSubmit(body.cityId!.trim())
  if (!regionTable().index.has(cityId)) throw badRequest('region.unknownCode', ['cityId'])
  const image = body.image?.trim() ?? ''
  // The licence must be a licence this applicant uploaded (POST /upload), not any path a client names.
  if (image) {
    const file = await fileOfPath(ctx.db, image)
    if (file?.category !== FileCategory.licence || file.ownerId !== userId)
      throw badRequest('qualification.imageInvalid')
  }
  return {
    project: body.project!.trim(),
    contact: body.contact!.trim(),
    phone: body.phone!.trim(),
    address: body.address!.trim(),
    cityId,
    image,
    refereesPhone: body.refereesPhone?.trim() ?? '',
    remark: body.remark?.trim() ?? '',
  }
}

export async function ownApplication(db: Db, userId: number): Promise<QualificationRow | undefined> {
  const [row] = await db.select().from(customQualification).where(eq(customQualification.userId, userId))
  return row
}

/**
 * SPEC §4: creates the user's application when none exists; otherwise the existing one (refused, pending or
 * approved) is updated and its state set to 3. `mustExist` is PUT's rule: there is something to resubmit.
 */
export async function submitApplication(
  ctx: ServerContext,
  userId: number,
  body: Partial<QualificationBody>,
  mustExist: boolean,
): Promise<QualificationRow> {
  const values = await validApplication(ctx, userId, body)
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(customQualification)
      .where(eq(customQualification.userId, userId))
      .for('update')
    if (!existing) {
      if (mustExist) throw notFound('entity.qualification')
      const [row] = await tx
        .insert(customQualification)
        .values({ ...values, userId, state: QualificationState.pending })
        .returning()
      return row!
    }
    const state = transition(existing, 'resubmit')
    const [row] = await tx
      .update(customQualification)
      .set({ ...values, state, updateTime: new Date() })
      .where(eq(customQualification.id, existing.id))
      .returning()
    return row!
  })
}

export function reviewApplication(db: Db, reviewerId: number, input: ReviewInput): Promise<QualificationRow> {
  return reviewStep(db, reviewerId, input, {
    entity: 'entity.qualification',
    lock: async (tx, id) => {
      const [row] = await tx
        .select()
        .from(customQualification)
        .where(eq(customQualification.id, id))
        .for('update')
      return row
    },
    save: async (tx, row, change) => {
      const [saved] = await tx
        .update(customQualification)
        .set(change)
        .where(eq(customQualification.id, row.id))
        .returning()
      return saved!
    },
  })
}

/**
 * Plugs an approved applicant in: creates the property named by the application (authorised, since it was just
 * reviewed), binds the applicant to it as its merchant admin, makes it the applicant's default property when it had
 * none, and marks the application plugged with the property's id. One transaction; a second plug answers 409.
 */
export async function plugApplication(
  db: Db,
  id: number,
): Promise<{ row: QualificationRow; propertyId: number }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(customQualification)
      .where(eq(customQualification.id, id))
      .for('update')
    if (!existing) throw notFound('entity.qualification')
    const state = transition(existing, 'plug')
    const [merchantAdmin] = await tx.select().from(role).where(eq(role.roleKey, 'merchant_admin'))
    if (!merchantAdmin) throw notFound()
    const [created] = await tx
      .insert(property)
      .values({
        propertyName: existing.project,
        address: existing.address,
        contact: existing.contact,
        contactPhone: existing.phone,
        hotelManager: existing.contact,
        hotelManagerPhone: existing.phone,
        authState: Number(PLUGGED_PROPERTY_AUTH_STATE),
        openKey: randomBytes(16).toString('hex'),
        createBy: existing.userId,
      })
      .returning({ propertyId: property.propertyId })
    const propertyId = created!.propertyId
    // The licence now belongs to the property: its permitted staff may read it, other properties may not.
    const licence = fileIdOfPath(existing.image)
    if (licence !== undefined) await tx.update(sysFile).set({ propertyId }).where(eq(sysFile.fileId, licence))
    await tx
      .insert(propertyUser)
      .values({ propertyId, userId: existing.userId, roleId: merchantAdmin.roleId, isAdmin: true })
    await tx
      .update(user)
      .set({ defaultPropertyId: propertyId, updateTime: new Date() })
      .where(and(eq(user.userId, existing.userId), eq(user.defaultPropertyId, 0)))
    const [row] = await tx
      .update(customQualification)
      .set({ state, propertyId, updateTime: new Date() })
      .where(eq(customQualification.id, existing.id))
      .returning()
    return { row: row!, propertyId }
  })
}
