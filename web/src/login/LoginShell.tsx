// The frame of the sign-in pages: title, language switch, the form and the footer links. Plain elements and
// login.css, not the UI library: this is the page a desk loads first (the UI library loads with the next screen).
import './login.css'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { getLanguage } from '../i18n/language.ts'
import { useT } from '../i18n/t.ts'
import { LanguageSelect } from './LanguageSelect.tsx'
import { preloadNextScreen } from './preloadNext.ts'

interface Props {
  title: string
  children: ReactNode
  links: { href: string; label: string }[]
}

export function LoginShell({ title, children, links }: Props) {
  const t = useT()
  return (
    <div className="login-page" onFocusCapture={preloadNextScreen} onPointerDownCapture={preloadNextScreen}>
      <div className="login-card" data-testid="login-card">
        <div className="login-card-header">
          <h1>{title}</h1>
          <LanguageSelect />
        </div>
        <div className="login-card-body">{children}</div>
        <div className="login-card-footer">
          {links.map((l) => (
            <Link key={l.href} href={l.href}>
              {t(l.label)}
            </Link>
          ))}
          <Link className="login-muted" href={`/private/${getLanguage()}`}>
            {t('console.login.privacy')}
          </Link>
        </div>
      </div>
      <div className="login-app-title">{t('console.app.title')}</div>
    </div>
  )
}
