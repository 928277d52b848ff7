// /orderSystem/ordSysOrder/export/:orderId (SPEC §2.1), for a link opened directly: downloads the order's spreadsheet
// on opening, with a button to download it again and a way back to the order. The console's own export button saves
// the file in place (exportOrder.ts).
import { Button, Flex, Heading, Text } from '@chakra-ui/react'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { useT } from '../../i18n/t.ts'
import type { ScreenProps } from '../../screens/props.ts'
import { DeskPath } from '../shared.ts'
import { exportOrder } from './exportOrder.ts'

export default function ExportPage({ params }: ScreenProps) {
  const t = useT()
  const [, navigate] = useLocation()
  const orderId = Number(params.orderId)
  const [state, setState] = useState<'working' | 'done' | 'failed'>('working')
  const started = useRef(false)
  const run = async () => {
    setState('working')
    try {
      setState((await exportOrder(orderId)) ? 'done' : 'failed')
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
      <Flex gap="2">
        <Button
          size="sm"
          width="fit-content"
          disabled={state === 'working'}
          onClick={() => void run()}
          data-testid="export-again"
        >
          {t('frontDeskConsole.export.again')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => navigate(DeskPath.detail(orderId))}
          data-testid="export-back"
        >
          {t('frontDeskConsole.checkIn.toDetail')}
        </Button>
      </Flex>
    </Flex>
  )
}
