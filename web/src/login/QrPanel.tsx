// Sign-in by QR code: shown with its expiry, polled until confirmed, refreshed on demand (SPEC §4).
import { Button, QrCode, Stack, Text } from '@chakra-ui/react'
import { QrLoginState } from '@pms/protocol'
import { useCallback, useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { authApi, type QrLoginTicket } from '../api/auth.ts'
import { useT } from '../i18n/t.ts'
import { finishLogin } from './finish.ts'
import { useCountdown } from './useCountdown.ts'

export const QR_POLL_MS = 2000

export function QrPanel() {
  const t = useT()
  const [, navigate] = useLocation()
  const [code, setCode] = useState<QrLoginTicket | null>(null)
  const [state, setState] = useState<QrLoginState>(QrLoginState.waiting)
  const [left, start] = useCountdown()

  const refresh = useCallback(async () => {
    const res = await authApi.qrCode().catch(() => null)
    if (!res?.data) return
    setCode(res.data)
    setState(QrLoginState.waiting)
    start(res.data.expiresIn)
  }, [start])

  useEffect(() => {
    void refresh()
  }, [refresh])

  useEffect(() => {
    if (!code || state === QrLoginState.expired || state === QrLoginState.confirmed) return
    const timer = setInterval(async () => {
      const res = await authApi.qrStatus(code.uuid, code.secret).catch(() => null)
      const status = res?.data
      if (!status) return
      setState(status.state)
      if (status.state === QrLoginState.confirmed) finishLogin(status.login, navigate)
    }, QR_POLL_MS)
    return () => clearInterval(timer)
  }, [code, state, navigate])

  const expired = state === QrLoginState.expired || (code !== null && left <= 0)
  const note =
    state === QrLoginState.scanned
      ? t('console.login.qrScanned')
      : state === QrLoginState.confirmed
        ? t('console.login.qrConfirmed')
        : expired
          ? t('console.login.qrExpired')
          : t('console.login.qrExpiresIn', [left])
  return (
    <Stack align="center" gap="3" data-testid="qr-panel">
      <Text fontSize="sm" color="fg.muted">
        {t('console.login.qrTip')}
      </Text>
      {code && (
        <QrCode.Root value={code.content} size="xl" opacity={expired ? 0.2 : 1} data-testid="qr-code">
          <QrCode.Frame>
            <QrCode.Pattern />
          </QrCode.Frame>
        </QrCode.Root>
      )}
      <Text fontSize="sm" data-testid="qr-state">
        {note}
      </Text>
      <Button size="sm" variant="outline" onClick={() => void refresh()}>
        {t('console.login.qrRefresh')}
      </Button>
    </Stack>
  )
}
