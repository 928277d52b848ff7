// Translate with positional ({0}) or named placeholders, outside and inside React.
import { useTranslation } from 'react-i18next'
import { i18n } from './i18n.ts'
import type { Translate } from './translate.ts'

function toOptions(
  params?: readonly unknown[] | Record<string, unknown>,
): Record<string, unknown> | undefined {
  if (!params) return undefined
  return Array.isArray(params) ? Object.fromEntries(params.map((v, i) => [String(i), v])) : { ...params }
}

export const t: Translate = (key, params) => String(i18n.t(key, toOptions(params) as never))

/** Re-renders on language change. */
export function useT(): Translate {
  const { i18n: instance } = useTranslation()
  return (key, params) => String(instance.t(key, toOptions(params) as never))
}
