// The built-in language packs, lazily loaded per language and part (see web/build/language-packs.ts).
import type { Language } from '@pms/protocol'

type Messages = Record<string, string>
export type PackPart = 'core' | 'rest'

const loaders: Record<`${Language}/${PackPart}`, () => Promise<{ default: Messages }>> = {
  'zh-CN/core': () => import('virtual:pms-pack/zh-CN/core'),
  'zh-CN/rest': () => import('virtual:pms-pack/zh-CN/rest'),
  'zh-HK/core': () => import('virtual:pms-pack/zh-HK/core'),
  'zh-HK/rest': () => import('virtual:pms-pack/zh-HK/rest'),
  'en-US/core': () => import('virtual:pms-pack/en-US/core'),
  'en-US/rest': () => import('virtual:pms-pack/en-US/rest'),
}

export async function loadBuiltIn(code: Language, part: PackPart): Promise<Messages> {
  return (await loaders[`${code}/${part}`]()).default
}
