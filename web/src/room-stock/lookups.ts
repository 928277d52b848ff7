// Pure helpers turning fetched records into picker options and id → name maps.
import type { Option } from '../ui/crud/fields.ts'

export function options<R>(rows: readonly R[], id: (r: R) => number, label: (r: R) => string): Option[] {
  return rows.map((r) => ({ value: String(id(r)), label: label(r), raw: true }))
}

export function names<R>(
  rows: readonly R[],
  id: (r: R) => number,
  label: (r: R) => string,
): Map<number, string> {
  return new Map(rows.map((r) => [id(r), label(r)]))
}

/** The name of `id`, or the id itself when the record is unknown (e.g. not loaded), or '' for none. */
export function nameOf(map: ReadonlyMap<number, string>, id: number | null | undefined): string {
  if (id === null || id === undefined) return ''
  return map.get(id) ?? String(id)
}

/** Floors (or units) of one building, for a picker narrowed by the chosen building. */
export function inBuilding<R extends { buildingId: number }>(
  rows: readonly R[],
  buildingId: string | number,
): R[] {
  const id = Number(buildingId)
  return id ? rows.filter((r) => r.buildingId === id) : []
}
