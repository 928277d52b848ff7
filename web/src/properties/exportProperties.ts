// The 'my properties' spreadsheet (SPEC §9): code, name, address and type of each listed property, then a total row.
import type { Sheet } from '../ble-export/sheets.ts'
import type { Translate } from '../i18n/translate.ts'
import { exportFileName } from '../ui/format.ts'

/** What the export reads of a property; `types` are the dictionary labels of its property types. */
export interface ExportedProperty {
  propertyCode?: string | null
  propertyName: string
  address?: string | null
  types?: readonly string[] | null
}

export const PROPERTY_EXPORT_COLUMNS = ['code', 'name', 'address', 'type'] as const
export const PROPERTY_EXPORT_PREFIX = 'properties'

export function propertySheet(list: readonly ExportedProperty[], t: Translate): Sheet {
  return {
    name: t('propertyConsole.export.sheet'),
    header: PROPERTY_EXPORT_COLUMNS.map((c) => t(`propertyConsole.export.col.${c}`)),
    rows: [
      ...list.map((p) => [p.propertyCode ?? '', p.propertyName, p.address ?? '', (p.types ?? []).join(', ')]),
      [t('propertyConsole.export.total'), t('propertyConsole.export.totalCount', [list.length])],
    ],
  }
}

/** properties_YYYYMMDDHHmmss.xlsx, on the hotel's clock. */
export function propertyExportFileName(now: Date): string {
  return exportFileName(PROPERTY_EXPORT_PREFIX, now)
}
