// Dictionary values and provinces in the reader's language: the pack's string when it knows the value (the seeded
// ones, packs/desk-language.ts), else the label stored with the value (one a property added itself).
import { i18n } from './i18n.ts'
import type { Translate } from './translate.ts'

const known = (key: string) => i18n.exists(key)

export function dictText(
  t: Translate,
  dictType: string,
  entry: { dictValue: string | number; dictLabel: string },
  exists: (key: string) => boolean = known,
): string {
  const key = `dict.${dictType}.${entry.dictValue}`
  return exists(key) ? t(key) : entry.dictLabel
}

/** A region's name: provinces are translated, cities and counties keep their Chinese names. */
export function regionText(
  t: Translate,
  node: { code: string; name: string },
  exists: (key: string) => boolean = known,
): string {
  const key = `region.${node.code}`
  return exists(key) ? t(key) : node.name
}

/**
 * A refund reason (a value of the pms_refund_type dictionary) in the reader's language: the pack's `billing.reason.*`
 * string for a seeded one, else the label the dictionary holds (a reason an administrator added).
 */
export function refundReasonText(
  t: Translate,
  reason: { value: string; label: string },
  exists: (key: string) => boolean = known,
): string {
  const key = `billing.reason.${reason.value}`
  return exists(key) ? t(key) : reason.label || reason.value
}
