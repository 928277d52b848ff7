// The home page's 'apply as customer' entry for a registered user who has no property yet (SPEC §2.4, §4).
import { Button, Card, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useT } from '../i18n/t.ts'
import { ApplyDialog } from './ApplyDialog.tsx'

export function ApplyEntry() {
  const t = useT()
  const [open, setOpen] = useState(false)
  return (
    <Card.Root data-testid="apply-entry">
      <Card.Header>
        <Card.Title>{t('qualification.apply.title')}</Card.Title>
      </Card.Header>
      <Card.Body>
        <Text mb="3">{t('qualification.apply.intro')}</Text>
        <Button size="sm" alignSelf="flex-start" onClick={() => setOpen(true)} data-testid="apply-open">
          {t('qualification.apply.title')}
        </Button>
      </Card.Body>
      <ApplyDialog open={open} onClose={() => setOpen(false)} />
    </Card.Root>
  )
}
