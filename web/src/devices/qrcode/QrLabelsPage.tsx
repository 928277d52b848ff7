// The public binding QR code pages (SPEC §2.1, §2.2): /ygs/qrcode/hk (video surveillance) and /ygs/qrcode/kk/gw
// (guest-control gateway), each with a print page laying the labels out for a whole floor. The page reads its batch
// of signed labels by the id in `?batch=`; an unknown or expired batch shows 'Qr code is Invalid'.
import { Box, Button, Flex, Heading, QrCode, SimpleGrid, Text } from '@chakra-ui/react'
import type { Result } from '@pms/protocol'
import type { QrBatch, QrKind } from '@pms/protocol/api/devices'
import { useEffect, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { http } from '../../api/request.ts'
import { useT } from '../../i18n/t.ts'
import { formatDateTime } from '../../ui/format.ts'

export const QR_PATH: Record<QrKind, string> = { hk: '/ygs/qrcode/hk', gw: '/ygs/qrcode/kk/gw' }

function QrLabels({ kind, print }: { kind: QrKind; print: boolean }) {
  const t = useT()
  const batchId = new URLSearchParams(useSearch()).get('batch') ?? ''
  const [batch, setBatch] = useState<QrBatch | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!/^[0-9a-f-]{36}$/.test(batchId)) return setFailed(true)
    http
      .get<Result<QrBatch>>(`/device/dvcQrcode/batch/${batchId}`, {}, { auth: false, quiet: true })
      .then((res) => (res.data && res.data.kind === kind ? setBatch(res.data) : setFailed(true)))
      .catch(() => setFailed(true))
  }, [batchId, kind])

  if (failed)
    return (
      <Text p="6" data-testid="qr-labels-invalid">
        {t('auth.qrInvalid')}
      </Text>
    )
  if (!batch) return null
  return (
    <Box p="4" data-testid="qr-labels" data-kind={kind}>
      <Flex justify="space-between" align="center" mb="3" className="no-print">
        <Heading size="md">
          {t(`devices.qr.title.${kind}`)} · {batch.title}
        </Heading>
        {print ? (
          <Button size="sm" onClick={() => window.print()} data-testid="qr-print">
            {t('devices.qr.print')}
          </Button>
        ) : (
          <Link href={`${QR_PATH[kind]}/print?batch=${batch.batchId}`} data-testid="qr-print-link">
            {t('devices.qr.printPage')}
          </Link>
        )}
      </Flex>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {t('devices.qr.validUntil', [formatDateTime(batch.expiresAt)])}
      </Text>
      <SimpleGrid columns={print ? 4 : undefined} minChildWidth={print ? undefined : '180px'} gap="3">
        {batch.labels.map((label) => (
          <Flex
            key={label.roomId}
            direction="column"
            align="center"
            borderWidth="1px"
            borderRadius="md"
            p="3"
            data-testid="qr-label"
            data-room={label.roomNo}
            data-payload={label.payload}
            style={{ breakInside: 'avoid' }}
          >
            <QrCode.Root value={label.payload} size={print ? 'md' : 'lg'}>
              <QrCode.Frame>
                <QrCode.Pattern />
              </QrCode.Frame>
            </QrCode.Root>
            <Text fontWeight="semibold" mt="2">
              {label.roomNo}
            </Text>
          </Flex>
        ))}
      </SimpleGrid>
    </Box>
  )
}

export const HkPage = () => <QrLabels kind="hk" print={false} />
export const HkPrintPage = () => <QrLabels kind="hk" print />
export const GatewayPage = () => <QrLabels kind="gw" print={false} />
export const GatewayPrintPage = () => <QrLabels kind="gw" print />
