// Which operations a user sees: an operation bound to a permission is hidden without it (SPEC §2.7, §6).
import { hasPermission } from '@pms/protocol'

export interface Guarded {
  /** Permission needed to see it; none: always shown. */
  permission?: string
}

/** The items the holder of `permissions` may see, in their order. `*:*:*` sees all. */
export function permitted<T extends Guarded>(items: readonly T[], permissions: readonly string[]): T[] {
  return items.filter((i) => !i.permission || hasPermission({ permissions }, [i.permission]))
}

/** The five permissions of a CRUD resource prefix, e.g. 'pms:pmsArea' → pms:pmsArea:list, …:remove. */
export function crudPermissions(prefix: string) {
  return {
    list: `${prefix}:list`,
    query: `${prefix}:query`,
    add: `${prefix}:add`,
    edit: `${prefix}:edit`,
    remove: `${prefix}:remove`,
  }
}
