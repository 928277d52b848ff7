// The member set-up resources, plain CRUD: grades (member levels), recharge types and tags of a property.
import { and, eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { member, memberGrade, memberTag, rechargeType } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { badRequest, conflict } from '../http/errors.ts'
import { MemberGradePermission, MemberTagPermission, RechargeTypePermission } from './menus.ts'
import { GradeFields, RechargeTypeFields, TagFields } from './schemas.ts'

export function memberSetupRoutes(app: FastifyInstance, db: Db) {
  defineCrud(app, db, {
    base: '/pms/pmsMemberGrade',
    table: memberGrade,
    id: { column: memberGrade.gradeId, name: 'gradeId' },
    entity: 'members.entity.grade',
    permission: MemberGradePermission,
    fields: GradeFields,
    filters: {
      gradeName: { column: memberGrade.gradeName, match: 'like' },
      state: { column: memberGrade.state, match: 'eq' },
    },
    orderBy: { column: memberGrade.gradeRank },
    propertyColumn: memberGrade.propertyId,
    prepare: async (fields, { db, id, propertyId }) => {
      if (typeof fields.gradeName === 'string') {
        const name = fields.gradeName.trim()
        if (!name) throw badRequest('validation.required', ['gradeName'])
        const same = await db
          .select({ id: memberGrade.gradeId })
          .from(memberGrade)
          .where(
            and(
              eq(memberGrade.propertyId, propertyId!),
              eq(memberGrade.gradeName, name),
              id ? ne(memberGrade.gradeId, id) : undefined,
            ),
          )
        if (same.length) throw conflict('members.gradeExists', [name])
        fields.gradeName = name
      }
      return fields
    },
    beforeDelete: async (ids, { db }) => {
      for (const id of ids) {
        const [used] = await db
          .select({ id: member.memberId })
          .from(member)
          .where(eq(member.gradeId, id))
          .limit(1)
        if (used) throw conflict('members.gradeInUse')
      }
    },
  })

  defineCrud(app, db, {
    base: '/pms/pmsRechargeType',
    table: rechargeType,
    id: { column: rechargeType.rechargeTypeId, name: 'rechargeTypeId' },
    entity: 'members.entity.rechargeType',
    permission: RechargeTypePermission,
    fields: RechargeTypeFields,
    filters: {
      typeName: { column: rechargeType.typeName, match: 'like' },
      state: { column: rechargeType.state, match: 'eq' },
    },
    orderBy: { column: rechargeType.amountCents },
    propertyColumn: rechargeType.propertyId,
    prepare: (fields) => {
      if (typeof fields.typeName === 'string') {
        fields.typeName = fields.typeName.trim()
        if (!fields.typeName) throw badRequest('validation.required', ['typeName'])
      }
      return fields
    },
  })

  defineCrud(app, db, {
    base: '/pms/pmsMemberTag',
    table: memberTag,
    id: { column: memberTag.tagId, name: 'tagId' },
    entity: 'members.entity.tag',
    permission: MemberTagPermission,
    fields: TagFields,
    filters: { tagName: { column: memberTag.tagName, match: 'like' } },
    propertyColumn: memberTag.propertyId,
    prepare: async (fields, { db, id, propertyId }) => {
      if (typeof fields.tagName === 'string') {
        const name = fields.tagName.trim()
        if (!name) throw badRequest('validation.required', ['tagName'])
        const same = await db
          .select({ id: memberTag.tagId })
          .from(memberTag)
          .where(
            and(
              eq(memberTag.propertyId, propertyId!),
              eq(memberTag.tagName, name),
              id ? ne(memberTag.tagId, id) : undefined,
            ),
          )
        // SPEC §5: 'The tag already exists.'
        if (same.length) throw conflict('members.tagExists')
        fields.tagName = name
      }
      return fields
    },
  })
}
