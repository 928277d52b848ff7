// The users of an agent (issue 17): type-2 accounts that act for one agent and apply for its qualification.
//   GET /pms/pmsAgent/users/:agentId   the agent's users
//   PUT /pms/pmsAgent/users            sets them ({agentId, userIds}); a user belongs to one agent at most
// Binding a user gives it the seeded `agent` role (the agent side's permissions); unbinding takes it away.
import { UserType } from '@pms/protocol'
import { type Static, Type } from '@sinclair/typebox'
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { agent, agentUser, role, user, userRole } from '../db/schema/index.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { ok } from '../http/reply.ts'
import { Id } from '../http/schemas.ts'
import { AGENT_ROLE_KEY, AgentPermission } from './menus.ts'

const AgentParam = Type.Object({ agentId: Id() })
const UsersBody = Type.Object({
  agentId: Id(),
  userIds: Type.Array(Id(), { maxItems: 200, uniqueItems: true }),
})
const platform = (permission: string) => ({
  permission,
  userTypes: [UserType.platform],
  refs: { agentId: false, userIds: false } as const,
})

/** The agent a user acts for, or undefined. */
export async function agentOfUser(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ agentId: agentUser.agentId })
    .from(agentUser)
    .where(eq(agentUser.userId, userId))
  return row?.agentId
}

async function agentUsers(db: Db, agentId: number) {
  return db
    .select({ userId: user.userId, userName: user.userName, nickName: user.nickName, status: user.status })
    .from(agentUser)
    .innerJoin(user, eq(user.userId, agentUser.userId))
    .where(eq(agentUser.agentId, agentId))
    .orderBy(user.userName)
}

/** Sets an agent's users in one transaction, with their `agent` role. */
async function setAgentUsers(db: Db, agentId: number, userIds: number[]) {
  await db.transaction(async (tx) => {
    const [found] = await tx.select({ id: agent.agentId }).from(agent).where(eq(agent.agentId, agentId))
    if (!found) throw notFound('agents.entity.agent')
    const [agentRole] = await tx
      .select({ roleId: role.roleId })
      .from(role)
      .where(eq(role.roleKey, AGENT_ROLE_KEY))
    if (!agentRole) throw notFound('entity.role')
    if (userIds.length) {
      const users = await tx
        .select({ userId: user.userId, userName: user.userName, userType: user.userType })
        .from(user)
        .where(and(inArray(user.userId, userIds), eq(user.delFlag, false)))
      if (users.length !== userIds.length) throw badRequest('agents.unknown', ['userIds'])
      const platformUser = users.find((u) => u.userType !== UserType.registered)
      if (platformUser) throw badRequest('agency.userNotStaff', [platformUser.userName])
      const [elsewhere] = await tx
        .select({ userName: user.userName, agentName: agent.agentName })
        .from(agentUser)
        .innerJoin(user, eq(user.userId, agentUser.userId))
        .innerJoin(agent, eq(agent.agentId, agentUser.agentId))
        .where(and(inArray(agentUser.userId, userIds), ne(agentUser.agentId, agentId)))
      if (elsewhere) throw conflict('agency.userTaken', [elsewhere.userName, elsewhere.agentName])
    }
    const before = (
      await tx.select({ userId: agentUser.userId }).from(agentUser).where(eq(agentUser.agentId, agentId))
    ).map((r) => r.userId)
    const removed = before.filter((id) => !userIds.includes(id))
    const added = userIds.filter((id) => !before.includes(id))
    if (removed.length) {
      await tx.delete(agentUser).where(inArray(agentUser.userId, removed))
      await tx
        .delete(userRole)
        .where(and(inArray(userRole.userId, removed), eq(userRole.roleId, agentRole.roleId)))
    }
    if (added.length) {
      await tx.insert(agentUser).values(added.map((userId) => ({ userId, agentId })))
      await tx
        .insert(userRole)
        .values(added.map((userId) => ({ userId, roleId: agentRole.roleId })))
        .onConflictDoNothing()
    }
  })
}

export function agentUserRoutes(app: FastifyInstance, db: Db) {
  app.get(
    '/pms/pmsAgent/users/:agentId',
    { config: platform(`${AgentPermission.agent}:query`), schema: { params: AgentParam } },
    async (request) => ok(await agentUsers(db, (request.params as Static<typeof AgentParam>).agentId)),
  )

  app.put(
    '/pms/pmsAgent/users',
    { config: platform(`${AgentPermission.agent}:edit`), schema: { body: UsersBody } },
    async (request) => {
      const body = request.body as Static<typeof UsersBody>
      await setAgentUsers(db, body.agentId, body.userIds)
      return ok(undefined, 'common.editSuccess')
    },
  )
}
