// Permission, role and user-type checks of SPEC §6, shared by the server's route guard and the console.

export const ALL_PERMISSION = '*:*:*'
export const SUPER_ROLE = 'admin'
export const DEFAULT_ROLE = 'ROLE_DEFAULT'

export interface Subject {
  permissions: readonly string[]
  roles: readonly string[]
  userType: number
}

type Log = (message: string) => void
const defaultLog: Log = (message) => console.error(message)

/** True when the subject holds any of the permissions; `*:*:*` passes every check. An empty list is a mistake: logged, false. */
export function hasPermission(
  subject: Pick<Subject, 'permissions'>,
  required: readonly string[],
  log = defaultLog,
): boolean {
  if (required.length === 0) {
    log('hasPermission: a required permission list must be set, e.g. ["system:user:add"]')
    return false
  }
  return subject.permissions.includes(ALL_PERMISSION) || required.some((p) => subject.permissions.includes(p))
}

/** True when the subject has any of the roles; role `admin` passes every check. */
export function hasRole(
  subject: Pick<Subject, 'roles'>,
  required: readonly string[],
  log = defaultLog,
): boolean {
  if (required.length === 0) {
    log('hasRole: a required role list must be set, e.g. ["admin"]')
    return false
  }
  return subject.roles.includes(SUPER_ROLE) || required.some((r) => subject.roles.includes(r))
}

/** True when the subject's user type is in the list. */
export function hasUserType(
  subject: Pick<Subject, 'userType'>,
  required: readonly number[],
  log = defaultLog,
): boolean {
  if (required.length === 0) {
    log('hasUserType: please set the user type tag value')
    return false
  }
  return required.includes(subject.userType)
}

/** Roles as shown to a user: the built-in ones are hidden when the role type is below 2 (SPEC §5). */
export const BUILT_IN_ROLE_KEYS = ['admin', 'sys_admin', 'common', 'sys_mch_admin', 'merchant_admin'] as const
export function isDisplayedRole(role: { roleKey: string; roletype?: number }): boolean {
  return !((role.roletype ?? 0) < 2 && (BUILT_IN_ROLE_KEYS as readonly string[]).includes(role.roleKey))
}
