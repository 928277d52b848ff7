// The property list's keyword filter: name, code or address (SPEC §2.4).
import type { PropertyItem } from '../api/system.ts'

export function filterProperties(list: readonly PropertyItem[], keyword: string): PropertyItem[] {
  const k = keyword.trim().toLowerCase()
  if (!k) return [...list]
  return list.filter((p) =>
    [p.propertyName, p.propertyCode, p.address].some((v) => v?.toLowerCase().includes(k)),
  )
}
