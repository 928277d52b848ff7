// Authorisation of the current property (SPEC §4): its state, the refusal remark, and apply or reapply.
import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react'
import type { PropertyView } from '@pms/protocol/api/properties'
import { useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { confirmAction } from '../ui/confirm.ts'
import { propertyAdminApi } from './api.ts'
import { applyAction, authStateKey, authStatePalette } from './authState.ts'

export function AuthorisationTab({ property, onChanged }: { property: PropertyView; onChanged: () => void }) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const action = applyAction(property.authState)

  const apply = async () => {
    if (!action || !(await confirmAction(t(`propertyConsole.auth.${action}Confirm`)))) return
    setBusy(true)
    try {
      await propertyAdminApi.apply(property.propertyId)
      notifySuccess('operation')
      onChanged()
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack gap="3" maxW="xl" data-testid="property-auth">
      <Flex gap="2" align="center">
        <Text>{t('propertyConsole.auth.state')}</Text>
        <Badge
          colorPalette={authStatePalette(property.authState)}
          data-testid="property-auth-state"
          data-state={property.authState}
        >
          {t(authStateKey(property.authState))}
        </Badge>
      </Flex>
      {property.authRemark && (
        <Text fontSize="sm" color="fg.muted">
          {t('propertyConsole.auth.remark')}: {property.authRemark}
        </Text>
      )}
      {action && (
        <Button
          size="sm"
          alignSelf="start"
          loading={busy}
          onClick={() => void apply()}
          data-testid="property-apply"
        >
          {t(`propertyConsole.auth.${action}`)}
        </Button>
      )}
    </Stack>
  )
}
