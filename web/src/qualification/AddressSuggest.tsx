// The apply form's address line: typing searches the maps service's suggestions (narrowed by the region picker);
// picking one fills the address and its area code, as SPEC §5 requires.
import { Box, Button, Input, Spinner, Stack, Text } from '@chakra-ui/react'
import type { MapsProviderName, PlaceSuggestion } from '@pms/protocol/geo/regions-maps'
import { useEffect, useState } from 'react'
import { mapsApi } from '../address/api.ts'
import { useT } from '../i18n/t.ts'

const SEARCH_DELAY_MS = 300

interface Props {
  value: string
  /** The address text of the picked suggestion: no search while the line still shows it. */
  picked: string
  /** A province or city code the suggestions must lie in. */
  city?: string
  maxLength: number
  disabled?: boolean
  onType: (text: string) => void
  onPick: (suggestion: PlaceSuggestion) => void
  onProvider?: (provider: MapsProviderName) => void
}

export function AddressSuggest({
  value,
  picked,
  city,
  maxLength,
  disabled,
  onType,
  onPick,
  onProvider,
}: Props) {
  const t = useT()
  const [list, setList] = useState<PlaceSuggestion[] | null>(null)
  const [loading, setLoading] = useState(false)
  const keyword = value.trim()
  const searching = Boolean(keyword) && value !== picked && !disabled

  useEffect(() => {
    if (!searching) {
      setList(null)
      return
    }
    let live = true
    const timer = setTimeout(() => {
      setLoading(true)
      mapsApi
        .suggestion(keyword.slice(0, 50), city)
        .then((res) => {
          if (!live) return
          setList(res.data?.result ?? [])
          if (res.data) onProvider?.(res.data.provider)
        })
        .catch(() => live && setList([]))
        .finally(() => live && setLoading(false))
    }, SEARCH_DELAY_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [keyword, city, searching, onProvider])

  return (
    <Stack gap="1" position="relative" w="full">
      <Input
        size="sm"
        value={value}
        maxLength={maxLength}
        disabled={disabled}
        placeholder={t('qualification.apply.addressPlaceholder')}
        data-testid="apply-address"
        autoComplete="off"
        onChange={(e) => onType(e.target.value)}
      />
      {searching && (loading || list) && (
        <Box
          borderWidth="1px"
          rounded="md"
          bg="bg"
          shadow="md"
          maxH="220px"
          overflowY="auto"
          data-testid="suggestions"
        >
          {loading && !list && <Spinner size="xs" m="2" />}
          {list?.length === 0 && (
            <Text fontSize="sm" color="fg.muted" p="2">
              {t('qualification.apply.noSuggestion')}
            </Text>
          )}
          {list?.map((s) => (
            <Button
              key={`${s.cityId}-${s.address}-${s.title}`}
              variant="ghost"
              size="sm"
              w="full"
              justifyContent="flex-start"
              h="auto"
              py="1"
              data-testid="suggestion"
              onClick={() => onPick(s)}
            >
              <Stack gap="0" align="flex-start" textAlign="left">
                <Text fontWeight="semibold">{s.title}</Text>
                <Text fontSize="xs" color="fg.muted" whiteSpace="normal">
                  {s.address}
                </Text>
              </Stack>
            </Button>
          ))}
        </Box>
      )}
    </Stack>
  )
}
