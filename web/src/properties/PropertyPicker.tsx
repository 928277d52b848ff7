// "Your store list" (SPEC §2.4): 925 px dialog with search, refresh and close; picking a property switches to it.
import { Button, CloseButton, Dialog, Flex, Input, Portal, SimpleGrid, Spinner, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { useT } from '../i18n/t.ts'
import { setOverlay, useOverlays } from '../layout/ui.ts'
import { loadProperties, useSession } from '../session/store.ts'
import { LineIcon } from '../ui/icons.tsx'
import { NO_PROPERTY } from './current.ts'
import { filterProperties } from './filter.ts'
import { PropertyCard } from './PropertyCard.tsx'
import { switchProperty } from './switch.ts'

export const PICKER_WIDTH = 925
export const PICKER_CAROUSEL_MS = 10_000

export function PropertyPicker() {
  const t = useT()
  const { propertyPicker: open } = useOverlays()
  const { properties, propertiesLoading, propertyId } = useSession()
  const [keyword, setKeyword] = useState('')
  const shown = useMemo(() => filterProperties(properties, keyword), [properties, keyword])

  const empty = propertiesLoading
    ? t('console.property.loading')
    : properties.length === 0
      ? t('console.property.noData')
      : shown.length === 0
        ? t('console.property.noMatch')
        : null

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => setOverlay('propertyPicker', e.open)}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`${PICKER_WIDTH}px`} w="95vw" data-testid="property-picker">
            <Dialog.Header>
              <Dialog.Title>{t('console.property.dialogTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Flex gap="2" mb="2">
                <Input
                  size="sm"
                  placeholder={t('console.property.search')}
                  value={keyword}
                  onChange={(e) => setKeyword(e.target.value)}
                />
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void loadProperties()}
                  data-testid="property-refresh"
                >
                  <LineIcon name="refresh" boxSize="4" />
                  {t('console.property.refresh')}
                </Button>
              </Flex>
              <Text fontSize="sm" color="fg.muted" mb="3">
                {t('console.property.count', [properties.length, shown.length])}
              </Text>
              {empty ? (
                <Flex justify="center" align="center" gap="2" py="10" color="fg.muted">
                  {propertiesLoading && <Spinner size="sm" />}
                  {empty}
                </Flex>
              ) : (
                <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                  {shown.map((p) => (
                    <PropertyCard
                      key={p.propertyId}
                      property={p}
                      current={p.propertyId === propertyId}
                      intervalMs={PICKER_CAROUSEL_MS}
                      onEnter={() => void switchProperty(p.propertyId, p.propertyName)}
                    />
                  ))}
                </SimpleGrid>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {propertyId !== NO_PROPERTY && (
                <Button
                  variant="ghost"
                  size="sm"
                  data-testid="property-none"
                  onClick={() => void switchProperty(NO_PROPERTY, t('console.property.none'))}
                >
                  {t('console.property.none')}
                </Button>
              )}
              <Button size="sm" onClick={() => setOverlay('propertyPicker', false)}>
                {t('console.dialog.close')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
