// Under 992 px the console is in mobile mode (SPEC §2.3, §9).
import { useEffect, useState } from 'react'

export const MOBILE_BREAKPOINT = 992
const query = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`

export function useMobile(): boolean {
  const [mobile, setMobile] = useState(() => window.matchMedia(query).matches)
  useEffect(() => {
    const media = window.matchMedia(query)
    const onChange = () => setMobile(media.matches)
    media.addEventListener('change', onChange)
    return () => media.removeEventListener('change', onChange)
  }, [])
  return mobile
}
