// Translate with positional ({0}) or named placeholders, outside and inside React.
import { fillPlurals } from '@pms/protocol/i18n/plurals'
import { useTranslation } from 'react-i18next'
import { i18n } from './i18n.ts'
import type { Translate } from './translate.ts'

function toOptions(
  params?: readonly unknown[] | Record<string, unknown>,
): Record<string, unknown> | undefined {
  if (!params) return undefined
  return Array.isArray(params) ? Object.fromEntries(params.map((v, i) => [String(i), v])) : { ...params }
}

// i18next fills {0}/{name} and leaves plural placeholders ({0|room|rooms}) to fillPlurals.
export const t: Translate = (key, params) =>
  fillPlurals(String(i18n.t(key, toOptions(params) as never)), params)

/** Re-renders on language change. */
export function useT(): Translate {
  const { i18n: instance } = useTranslation()
  return (key, params) => fillPlurals(String(instance.t(key, toOptions(params) as never)), params)
}
