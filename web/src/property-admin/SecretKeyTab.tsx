// The property's API secret key (SPEC §5, §7, §9): 'show key' asks for a code (shown in groups of 4 with its 10-minute
// validity), fetches the key sealed under that code and opens it here in the browser; the device API key can be
// rotated after a confirmation.
import { Button, Code, Flex, Heading, Stack, Text } from '@chakra-ui/react'
import type { ApiSecretKeyCode } from '@pms/protocol/api/properties'
import { decryptApiSecret, formatSecretKeyCode } from '@pms/protocol/properties/secret-key'
import { useEffect, useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { confirmAction } from '../ui/confirm.ts'
import { formatDateTime } from '../ui/format.ts'
import { propertyAdminApi } from './api.ts'
import { clock, codeExpiresAt, secondsLeft } from './secretCode.ts'

export function SecretKeyTab({ propertyId }: { propertyId: number }) {
  const t = useT()
  const [code, setCode] = useState<ApiSecretKeyCode | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [rotating, setRotating] = useState(false)
  const [now, setNow] = useState(Date.now())

  useEffect(() => {
    if (!code) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [code])
  const left = code ? secondsLeft(code.timeStamp, now) : 0
  useEffect(() => {
    if (code && left === 0) setSecret(null)
  }, [code, left])

  const show = async () => {
    setBusy(true)
    setSecret(null)
    try {
      const issued = (await propertyAdminApi.createSecretCode(propertyId)).data
      if (!issued) return
      setCode(issued)
      setNow(Date.now())
      const sealed = (await propertyAdminApi.encryptedSecret(propertyId, issued.code)).data
      if (!sealed) return
      try {
        setSecret(await decryptApiSecret(sealed, issued.code))
      } catch {
        feedback.toast('error', t('propertyConsole.secret.decryptFailed'))
      }
    } catch {
      // Errors are passed on as they come: the request layer has shown them.
    } finally {
      setBusy(false)
    }
  }

  const rotate = async () => {
    if (!(await confirmAction(t('propertyConsole.secret.refreshConfirm')))) return
    setRotating(true)
    try {
      await propertyAdminApi.refreshDeviceSecret()
      notifySuccess('operation')
      setCode(null)
      setSecret(null)
    } catch {
      // Shown by the request layer.
    } finally {
      setRotating(false)
    }
  }

  return (
    <Stack gap="4" maxW="2xl" data-testid="property-secret">
      <Heading size="sm">{t('propertyConsole.secret.title')}</Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('propertyConsole.secret.hint')}
      </Text>
      <Button
        size="sm"
        alignSelf="start"
        loading={busy}
        onClick={() => void show()}
        data-testid="secret-show"
      >
        {t('propertyConsole.secret.show')}
      </Button>
      {code && (
        <Stack gap="1">
          <Flex gap="2" align="baseline">
            <Text fontSize="sm">{t('propertyConsole.secret.code')}</Text>
            <Code fontSize="lg" data-testid="secret-code">
              {formatSecretKeyCode(code.code)}
            </Code>
          </Flex>
          <Text fontSize="xs" color={left > 0 ? 'fg.muted' : 'red.500'} data-testid="secret-expiry">
            {left > 0
              ? t('propertyConsole.secret.validUntil', [
                  formatDateTime(codeExpiresAt(code.timeStamp)),
                  clock(left),
                ])
              : t('propertyConsole.secret.expired')}
          </Text>
        </Stack>
      )}
      {secret && (
        <Flex gap="2" align="baseline" wrap="wrap">
          <Text fontSize="sm">{t('propertyConsole.secret.key')}</Text>
          <Code wordBreak="break-all" data-testid="secret-key">
            {secret}
          </Code>
        </Flex>
      )}
      <Heading size="sm" pt="4">
        {t('propertyConsole.secret.deviceTitle')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('propertyConsole.secret.deviceHint')}
      </Text>
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        alignSelf="start"
        loading={rotating}
        onClick={() => void rotate()}
        data-testid="secret-refresh"
      >
        {t('propertyConsole.secret.refresh')}
      </Button>
    </Stack>
  )
}
