// The system area: who I am, my menus, users and the reference data (SPEC §7 users, dictionary, config, language, components).
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { appVersionRoutes } from './app-versions.ts'
import { configRoutes } from './config.ts'
import { dictRoutes } from './dict.ts'
import { sysFileRoutes } from './files.ts'
import { languageTypeRoutes } from './language-types.ts'
import { languageRoutes } from './languages.ts'
import { menuManageRoutes } from './menu-manage.ts'
import { menuRoutes } from './menus.ts'
import { profileRoutes } from './profile.ts'
import { profileSessionRoutes } from './profile-sessions.ts'
import { propertyCompRoutes } from './property-comps.ts'
import { recordRoutes } from './records.ts'
import { roleRoutes } from './roles.ts'
import { userBindingRoutes } from './user-bindings.ts'
import { userRoutes } from './users.ts'

export function systemRoutes(app: FastifyInstance, ctx: ServerContext) {
  menuRoutes(app, ctx)
  userRoutes(app, ctx)
  userBindingRoutes(app, ctx)
  profileRoutes(app, ctx)
  profileSessionRoutes(app, ctx)
  roleRoutes(app, ctx)
  menuManageRoutes(app, ctx)
  dictRoutes(app, ctx)
  configRoutes(app, ctx)
  languageRoutes(app, ctx)
  languageTypeRoutes(app, ctx)
  propertyCompRoutes(app, ctx)
  recordRoutes(app, ctx)
  appVersionRoutes(app, ctx)
  sysFileRoutes(app, ctx)
}
