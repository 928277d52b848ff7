// What the property list shows above and instead of its cards (SPEC §2.4): the count line and the empty states.
import type { PropertyItem } from '../api/system.ts'
import { filterProperties } from './filter.ts'

export type EmptyState = 'loading' | 'noData' | 'noMatch'

export interface ListView<T> {
  shown: T[]
  /** How many properties there are, and how many contain the keyword. */
  count: [total: number, matching: number]
  empty: EmptyState | null
}

export function listView<T extends PropertyItem>(
  list: readonly T[],
  keyword: string,
  loading: boolean,
): ListView<T> {
  const shown = filterProperties(list, keyword) as T[]
  const empty: EmptyState | null =
    loading && list.length === 0
      ? 'loading'
      : list.length === 0
        ? 'noData'
        : shown.length === 0
          ? 'noMatch'
          : null
  return { shown, count: [list.length, shown.length], empty }
}

export { PROPERTY_CODE_MAX } from '@pms/protocol/api/properties'

/** A property code as saved: every space removed (SPEC §5). */
export const normaliseCode = (code: string) => code.replace(/\s+/g, '')
