// Cost items of a room type edited inline (SPEC §3): name, amount in yuan (sent as cents), charged at check-in or not;
// and the type's pictures, kept by the server as one comma-separated string of paths.
import type { Translate } from '../i18n/translate.ts'
import { moneyInput, parseMoney } from '../ui/crud/money.ts'
import type { CostItem } from './api.ts'

export interface CostDraft {
  costName: string
  amount: string
  checkInCost: boolean
}

export const newCost = (): CostDraft => ({ costName: '', amount: '', checkInCost: false })

export function toDrafts(items: readonly CostItem[] | undefined): CostDraft[] {
  return (items ?? []).map((i) => ({
    costName: i.costName,
    amount: moneyInput(i.amount),
    checkInCost: i.checkInCost,
  }))
}

/** Messages by row and field, from the packs; empty when every row is right. */
export function checkCosts(drafts: readonly CostDraft[], t: Translate): Record<string, string>[] {
  return drafts.map((d) => {
    const errors: Record<string, string> = {}
    const name = d.costName.trim()
    if (!name) errors.costName = t('validation.required', [t('roomStockConsole.field.costName')])
    else if (name.length > 50)
      errors.costName = t('validation.maxLength', [t('roomStockConsole.field.costName'), 50])
    const amount = parseMoney(d.amount)
    if (!amount.ok)
      errors.amount =
        amount.reason === 'empty'
          ? t('validation.required', [t('roomStockConsole.field.amount')])
          : t(amount.reason === 'tooLarge' ? 'crud.validation.moneyTooLarge' : 'crud.validation.money', [
              t('roomStockConsole.field.amount'),
            ])
    return errors
  })
}

export const costsValid = (errors: readonly Record<string, string>[]) =>
  errors.every((e) => Object.keys(e).length === 0)

/** Checked drafts as the body's cost items (call after checkCosts found nothing). */
export function toCostItems(drafts: readonly CostDraft[]): CostItem[] {
  return drafts.map((d) => {
    const amount = parseMoney(d.amount)
    return { costName: d.costName.trim(), amount: amount.ok ? amount.cents : 0, checkInCost: d.checkInCost }
  })
}

export const splitPictures = (pictures: string | undefined): string[] =>
  (pictures ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)

/** The server keeps at most 2000 characters of paths. */
export const PICTURES_MAX = 2000
export const joinPictures = (paths: readonly string[]): string => paths.join(',')
export const picturesFit = (paths: readonly string[]): boolean => joinPictures(paths).length <= PICTURES_MAX
