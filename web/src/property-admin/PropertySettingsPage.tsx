// Property settings for a property admin, on the session's current property: basic information, photos, timing rules,
// authorisation, API secret keys and custom params (SPEC §3, §4, §5, §7, §9).
import { Flex, Heading, Spinner, Tabs, Text } from '@chakra-ui/react'
import type { DictData } from '@pms/protocol'
import { PropertyPermission } from '@pms/protocol/api/properties'
import { useEffect, useState } from 'react'
import { dictText } from '../i18n/dict.ts'
import { useT } from '../i18n/t.ts'
import { permitted } from '../ui/crud/permissions.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { AuthorisationTab } from './AuthorisationTab.tsx'
import { propertyAdminApi } from './api.ts'
import { BasicInfoTab } from './BasicInfoTab.tsx'
import { CustomParamsTab } from './CustomParamsTab.tsx'
import { PhotosTab } from './PhotosTab.tsx'
import { SecretKeyTab } from './SecretKeyTab.tsx'
import { TimingRulesTab } from './TimingRulesTab.tsx'
import { useCurrentProperty } from './useProperty.ts'

/** Loads dictionary pms_property_type once per screen, labelled in the reader's language. */
export function usePropertyTypes(): DictData[] {
  const t = useT()
  const [types, setTypes] = useState<DictData[]>([])
  useEffect(() => {
    propertyAdminApi
      .propertyTypes()
      .then((res) => setTypes(res.data ?? []))
      .catch(() => {})
  }, [])
  return types.map((d) => ({ ...d, dictLabel: dictText(t, 'pms_property_type', d) }))
}

export default function PropertySettingsPage() {
  const t = useT()
  const permissions = usePermissions()
  const { propertyId, property, loading, reload } = useCurrentProperty()
  const types = usePropertyTypes()
  const [tab, setTab] = useState('basic')
  const can = (p: string) => permitted([{ permission: p }], permissions).length > 0

  const tabs = [
    { name: 'basic', permission: PropertyPermission.edit },
    { name: 'photos', permission: PropertyPermission.config },
    { name: 'timing', permission: PropertyPermission.config },
    { name: 'auth', permission: PropertyPermission.edit },
    { name: 'secret', permission: PropertyPermission.config },
    { name: 'params', permission: PropertyPermission.customParamsList },
  ].filter((x) => can(x.permission))

  return (
    <Flex direction="column" gap="3" bg="bg" p="4" borderRadius="md" data-testid="property-settings">
      <Heading size="md">
        {t('propertyConsole.menu.settings')}
        {property && (
          <Text as="span" color="fg.muted" fontWeight="normal" ms="2">
            {property.propertyName}
          </Text>
        )}
      </Heading>
      {!propertyId ? (
        <Text color="fg.muted" py="6" textAlign="center">
          {t('console.nav.noProperty')}
        </Text>
      ) : !property ? (
        loading && <Spinner size="sm" />
      ) : (
        <Tabs.Root
          value={tabs.some((x) => x.name === tab) ? tab : (tabs[0]?.name ?? tab)}
          onValueChange={(e) => setTab(e.value)}
          lazyMount
          unmountOnExit
        >
          <Tabs.List>
            {tabs.map((x) => (
              <Tabs.Trigger key={x.name} value={x.name} data-testid={`settings-tab-${x.name}`}>
                {t(`propertyConsole.tab.${x.name}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="basic">
            <BasicInfoTab property={property} types={types} onSaved={() => void reload()} />
          </Tabs.Content>
          <Tabs.Content value="photos">
            <PhotosTab property={property} onChanged={() => void reload()} />
          </Tabs.Content>
          <Tabs.Content value="timing">
            <TimingRulesTab propertyId={property.propertyId} />
          </Tabs.Content>
          <Tabs.Content value="auth">
            <AuthorisationTab property={property} onChanged={() => void reload()} />
          </Tabs.Content>
          <Tabs.Content value="secret">
            <SecretKeyTab propertyId={property.propertyId} />
          </Tabs.Content>
          <Tabs.Content value="params">
            <CustomParamsTab propertyId={property.propertyId} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Flex>
  )
}
