// The sign-in pages' language choice: a plain select, lighter than the navbar's menu on the page loaded first.
import { useTranslation } from 'react-i18next'
import { changeLanguage, useLanguageOptions } from '../i18n/languages.ts'
import { useT } from '../i18n/t.ts'

export function LanguageSelect() {
  const t = useT()
  const { i18n } = useTranslation()
  const options = useLanguageOptions()
  return (
    <select
      className="login-select"
      aria-label={t('console.nav.language')}
      data-testid="login-language"
      value={i18n.language}
      onChange={(e) => void changeLanguage(e.currentTarget.value)}
    >
      {options.map((o) => (
        <option key={o.code} value={o.code}>
          {o.name}
        </option>
      ))}
    </select>
  )
}
