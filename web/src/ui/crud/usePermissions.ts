// The signed-in user's permission strings, for hiding operations (SPEC §6).
import { useSession } from '../../session/store.ts'

const none: readonly string[] = []

export function usePermissions(): readonly string[] {
  return useSession().info?.permissions ?? none
}
