// Turns a form problem (a language-pack key and params, `@key` params naming a translated field) into text.
import type { FormProblem } from '@pms/protocol/api/qualification'
import type { Translate } from '../i18n/translate.ts'

export function problemText(t: Translate, problem: FormProblem | undefined): string | undefined {
  if (!problem) return undefined
  const params = problem.params?.map((p) => (typeof p === 'string' && p.startsWith('@') ? t(p.slice(1)) : p))
  return t(problem.key, params)
}
