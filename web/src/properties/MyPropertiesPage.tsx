// 'My properties' (/propertyMain, SPEC §2.4): search, count line, export and refresh, property cards with a 5 s
// carousel, code editing, entering another property, and applying as a customer.
import { Button, Flex, Heading, Input, SimpleGrid, Spinner, Text } from '@chakra-ui/react'
import { useEffect, useMemo, useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { type PropertyItem, propertyApi } from '../api/system.ts'
import { downloadWorkbook } from '../ble-export/workbook.ts'
import { t as translate, useT } from '../i18n/t.ts'
import { ApplyDialog } from '../qualification/ApplyDialog.tsx'
import { loadProperties, useSession } from '../session/store.ts'
import { LineIcon } from '../ui/icons.tsx'
import { propertyExportFileName, propertySheet } from './exportProperties.ts'
import { listView } from './listView.ts'
import { PropertyCard } from './PropertyCard.tsx'
import { PropertyCodeDialog } from './PropertyCodeDialog.tsx'
import { switchProperty } from './switch.ts'

export const CARD_CAROUSEL_MS = 5_000
export const CARD_PHOTO_HEIGHT = 200

type Listed = PropertyItem & { types?: string[] }

/** Writes the listed properties to an .xlsx; an empty list says so instead (SPEC §8). */
export async function exportProperties(list: readonly Listed[]): Promise<void> {
  if (list.length === 0) return feedback.toast('warning', translate('propertyConsole.export.noData'))
  try {
    await downloadWorkbook(propertyExportFileName(new Date()), [propertySheet(list, translate)])
    feedback.toast('success', translate('propertyConsole.export.success'))
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : ''
    feedback.toast('error', message || translate('propertyConsole.export.failed'))
  }
}

/** A type-2 user's list is the session's (so the navbar follows a refresh); a platform user reads its own. */
function useListedProperties(): { list: Listed[]; loading: boolean; reload: () => Promise<void> } {
  const session = useSession()
  const platform = session.info?.user.userType === 1
  const [own, setOwn] = useState<{ list: Listed[]; loading: boolean }>({ list: [], loading: platform })
  const reloadOwn = async () => {
    setOwn((s) => ({ ...s, loading: true }))
    try {
      setOwn({ list: (await propertyApi.listAll()).data ?? [], loading: false })
    } catch {
      setOwn((s) => ({ ...s, loading: false }))
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per user type
  useEffect(() => {
    if (platform) void reloadOwn()
  }, [platform])
  if (platform) return { ...own, reload: reloadOwn }
  return {
    list: session.properties,
    loading: session.propertiesLoading || session.status !== 'ready',
    reload: () => loadProperties().catch(() => {}),
  }
}

interface ListOptions {
  /** Shows the refresh button, and with it export and code editing (SPEC §2.4). */
  refresh?: boolean
  /** Shows the export button (only together with refresh). */
  exportable?: boolean
}

export function PropertyList({ refresh = false, exportable = false }: ListOptions) {
  const t = useT()
  const { propertyId } = useSession()
  const { list, loading, reload } = useListedProperties()
  const [keyword, setKeyword] = useState('')
  const [editing, setEditing] = useState<Listed | null>(null)
  const [exporting, setExporting] = useState(false)
  const view = useMemo(() => listView(list, keyword, loading), [list, keyword, loading])

  const runExport = async () => {
    setExporting(true)
    await exportProperties(view.shown)
    setExporting(false)
  }

  return (
    <Flex direction="column" gap="3">
      <Flex gap="2" wrap="wrap">
        <Input
          size="sm"
          maxW="sm"
          placeholder={t('console.property.search')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          data-testid="property-search"
        />
        {refresh && exportable && (
          <Button
            size="sm"
            variant="outline"
            loading={exporting}
            onClick={() => void runExport()}
            data-testid="property-export"
          >
            {t('propertyConsole.export.button')}
          </Button>
        )}
        {refresh && (
          <Button size="sm" variant="outline" onClick={() => void reload()} data-testid="property-refresh">
            <LineIcon name="refresh" boxSize="4" />
            {t('console.property.refresh')}
          </Button>
        )}
        {loading && view.empty !== 'loading' && <Spinner size="sm" alignSelf="center" />}
      </Flex>
      <Text fontSize="sm" color="fg.muted" data-testid="property-count">
        {t('console.property.count', view.count)}
      </Text>
      {view.empty ? (
        <Flex
          justify="center"
          align="center"
          gap="2"
          py="10"
          color="fg.muted"
          data-testid="property-empty"
          data-state={view.empty}
        >
          {view.empty === 'loading' && <Spinner size="sm" />}
          {t(`console.property.${view.empty}`)}
        </Flex>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {view.shown.map((p) => (
            <PropertyCard
              key={p.propertyId}
              property={p}
              current={p.propertyId === propertyId}
              intervalMs={CARD_CAROUSEL_MS}
              photoHeight={CARD_PHOTO_HEIGHT}
              onEnter={() => void switchProperty(p.propertyId, p.propertyName).catch(() => {})}
              onEditCode={refresh ? () => setEditing(p) : undefined}
            />
          ))}
        </SimpleGrid>
      )}
      <PropertyCodeDialog property={editing} onClose={() => setEditing(null)} onSaved={() => void reload()} />
    </Flex>
  )
}

export default function MyPropertiesPage() {
  const t = useT()
  const [applying, setApplying] = useState(false)
  return (
    <Flex direction="column" gap="3" bg="bg" p="4" borderRadius="md" data-testid="my-properties">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Heading size="md">{t('console.route.propertyMain')}</Heading>
        <Button
          size="sm"
          colorPalette="blue"
          onClick={() => setApplying(true)}
          data-testid="property-apply-customer"
        >
          {t('propertyConsole.apply')}
        </Button>
      </Flex>
      <PropertyList refresh exportable />
      <ApplyDialog open={applying} onClose={() => setApplying(false)} />
    </Flex>
  )
}
