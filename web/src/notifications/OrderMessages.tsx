// The bell popover: unread order messages turning every 5 s, with a link to the reservations.
import { Box, Carousel, Link as ChakraLink, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { type PushRecord, pushApi } from '../api/system.ts'
import { useT } from '../i18n/t.ts'
import { formatDateTime } from '../ui/format.ts'
import { reloadOnLive, useUnread } from './pushStore.ts'
import { ORDER_CAROUSEL_MS, RecordType, recordText } from './recordTypes.ts'

export function OrderMessages() {
  const t = useT()
  const { ordersUnRead } = useUnread()
  const [records, setRecords] = useState<PushRecord[]>([])

  useEffect(() => {
    const load = () =>
      pushApi
        .list({ pageNum: 1, pageSize: 10, recordType: RecordType.order }, true)
        .then((r) => setRecords(r.rows.filter((x) => x.state !== '1')))
        .catch(() => setRecords([]))
    void load()
    return reloadOnLive(load)
  }, [])

  return (
    <Stack gap="2">
      <Text fontWeight="semibold" fontSize="sm">
        {t('console.nav.orderMessages')} ({ordersUnRead})
      </Text>
      {records.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('console.nav.noOrderMessages')}
        </Text>
      ) : (
        <Carousel.Root slideCount={records.length} autoplay={{ delay: ORDER_CAROUSEL_MS }} loop>
          <Carousel.ItemGroup>
            {records.map((r, i) => (
              <Carousel.Item key={r.recordId} index={i}>
                <Box p="2" bg="bg.muted" borderRadius="md" minH="72px">
                  <Text fontSize="sm" fontWeight="medium">
                    {recordText({ ...r }, t).title}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" lineClamp={2}>
                    {recordText({ ...r }, t).body}
                  </Text>
                  <Text fontSize="2xs" color="fg.subtle">
                    {formatDateTime(r.createTime)}
                  </Text>
                </Box>
              </Carousel.Item>
            ))}
          </Carousel.ItemGroup>
        </Carousel.Root>
      )}
      <ChakraLink asChild fontSize="sm" colorPalette="blue">
        <Link href="/reserve">{t('console.nav.goReserve')}</Link>
      </ChakraLink>
    </Stack>
  )
}
