// The chosen language, persisted in local storage (SPEC §9: default zh-CN, stored under a language key).
import { DEFAULT_LANGUAGE } from '@pms/protocol'

export const LANGUAGE_KEY = 'language'

export function getLanguage(): string {
  try {
    return localStorage.getItem(LANGUAGE_KEY) || DEFAULT_LANGUAGE
  } catch {
    return DEFAULT_LANGUAGE
  }
}

export function storeLanguage(code: string): void {
  localStorage.setItem(LANGUAGE_KEY, code)
}
