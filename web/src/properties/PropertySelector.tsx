// The navbar's property selector (type 2 only): shows the current property and opens the picker.
import { Button, Text } from '@chakra-ui/react'
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { useT } from '../i18n/t.ts'
import { setOverlay } from '../layout/ui.ts'
import { currentProperty, useSession } from '../session/store.ts'
import { LineIcon } from '../ui/icons.tsx'
import { shouldAutoOpenPicker } from './current.ts'
import { announceSwitch } from './switch.ts'

export function PropertySelector() {
  const t = useT()
  const [path] = useLocation()
  const session = useSession()
  const current = currentProperty(session)

  useEffect(() => announceSwitch(), [])
  useEffect(() => {
    if (
      session.status === 'ready' &&
      shouldAutoOpenPicker(path, session.propertyId, session.properties.length)
    )
      setOverlay('propertyPicker', true)
  }, [session.status, session.propertyId, session.properties.length, path])

  return (
    <Button
      variant="outline"
      size="xs"
      maxW={{ base: '110px', md: '220px' }}
      data-testid="property-selector"
      title={t('console.nav.selectProperty')}
      onClick={() => setOverlay('propertyPicker', true)}
    >
      <LineIcon name="store" boxSize="4" />
      <Text truncate>{current?.propertyName ?? t('console.nav.noProperty')}</Text>
    </Button>
  )
}
