// /orderSystem/ordSysOrder/export/:orderId (SPEC §2.1): downloads the order's spreadsheet (POST …/export/{orderId},
// xlsx) on opening, with a button to download it again.
import { Button, Flex, Heading, Text } from '@chakra-ui/react'
import { useEffect, useRef, useState } from 'react'
import { download } from '../../api/download.ts'
import { useT } from '../../i18n/t.ts'
import type { ScreenProps } from '../../screens/registry.ts'

/** The spreadsheet's name: the order and a timestamp (SPEC §9 exports are named with a timestamp). */
export function exportFileName(orderId: number, now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0')
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`
  return `order_${orderId}_${stamp}.xlsx`
}

export default function ExportPage({ params }: ScreenProps) {
  const t = useT()
  const orderId = Number(params.orderId)
  const [state, setState] = useState<'working' | 'done' | 'failed'>('working')
  const started = useRef(false)
  const run = async () => {
    setState('working')
    try {
      setState(
        (await download(
          `/orderSystem/ordSysOrder/export/${orderId}`,
          {},
          exportFileName(orderId, new Date()),
        ))
          ? 'done'
          : 'failed',
      )
    } catch {
      setState('failed')
    }
  }
  useEffect(() => {
    if (started.current) return
    started.current = true
    void run()
  })
  return (
    <Flex direction="column" gap="3" p="6" data-testid="export-page" data-state={state}>
      <Heading size="md">{t('frontDeskConsole.order.export')}</Heading>
      <Text>{t(`frontDeskConsole.export.${state}`)}</Text>
      <Button
        size="sm"
        width="fit-content"
        disabled={state === 'working'}
        onClick={() => void run()}
        data-testid="export-again"
      >
        {t('frontDeskConsole.export.again')}
      </Button>
    </Flex>
  )
}
