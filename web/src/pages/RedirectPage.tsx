// /redirect/:path(.*): unmounts the current screen and comes straight back, which refreshes a tab.
import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import type { ScreenProps } from '../screens/props.ts'

export default function RedirectPage({ params }: ScreenProps) {
  const [, navigate] = useLocation()
  const search = useSearch()
  useEffect(() => {
    navigate(`/${params.path ?? ''}${search ? `?${search}` : ''}`, { replace: true })
  }, [navigate, params.path, search])
  return null
}
