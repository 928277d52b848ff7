// Toggles the browser's fullscreen mode.
import { IconButton } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { useT } from '../i18n/t.ts'
import { LineIcon } from '../ui/icons.tsx'

export function FullscreenButton() {
  const t = useT()
  const [full, setFull] = useState(Boolean(document.fullscreenElement))
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement))
    document.addEventListener('fullscreenchange', onChange)
    return () => document.removeEventListener('fullscreenchange', onChange)
  }, [])
  const label = t(full ? 'console.nav.exitFullscreen' : 'console.nav.fullscreen')
  return (
    <IconButton
      aria-label={label}
      title={label}
      variant="ghost"
      size="sm"
      onClick={() =>
        (full ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {})
      }
    >
      <LineIcon name={full ? 'compress' : 'expand'} />
    </IconButton>
  )
}
