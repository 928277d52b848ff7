// Raw reads on the encoder: the UID alone, or chosen sectors opened with keys typed here; and the buzzer.
import { Button, Code, Flex, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react'
import type { BridgeSectorKey, CardReadResult } from '@pms/protocol/api/bridge-devices'
import { useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { bridgeApi, bridgeErrorText } from '../bridge/api.ts'
import { Field } from '../cards/Field.tsx'
import { useT } from '../i18n/t.ts'
import { blockText, checkSectorKey } from './sectorInput.ts'

export function ReadPanel({ deviceId }: { deviceId?: string }) {
  const t = useT()
  const [sector, setSector] = useState('1')
  const [keyType, setKeyType] = useState('A')
  const [key, setKey] = useState('FFFFFFFFFFFF')
  const [result, setResult] = useState<CardReadResult | null>(null)
  const [busy, setBusy] = useState(false)

  const read = async (sectors?: BridgeSectorKey[]) => {
    setBusy(true)
    try {
      setResult(await bridgeApi.read({ deviceId, sectors }))
    } catch (error) {
      feedback.toast('error', bridgeErrorText(error, t))
    } finally {
      setBusy(false)
    }
  }
  const readSector = () => {
    const check = checkSectorKey(sector, keyType, key)
    if (!check.ok) {
      feedback.toast('warning', t(check.key))
      return
    }
    void read([check.value])
  }
  const beep = async () => {
    try {
      const res = await bridgeApi.beep(deviceId)
      feedback.toast(res.result === 'beeped' ? 'success' : 'warning', res.text)
    } catch (error) {
      feedback.toast('error', bridgeErrorText(error, t))
    }
  }

  return (
    <Stack gap="3" data-testid="test-read">
      <Heading size="sm">{t('cardConsole.test.read')}</Heading>
      <Flex gap="2" wrap="wrap">
        <Button size="sm" loading={busy} onClick={() => void read()} data-testid="test-read-uid">
          {t('cardConsole.test.readUid')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void beep()} data-testid="test-beep">
          {t('cardConsole.test.beep')}
        </Button>
      </Flex>
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Field label={t('cardConsole.test.sector')}>
          <Input
            size="sm"
            w="80px"
            value={sector}
            onChange={(e) => setSector(e.target.value)}
            data-testid="test-sector"
          />
        </Field>
        <Field label={t('cardConsole.test.keyType')}>
          <NativeSelect.Root size="sm" w="80px">
            <NativeSelect.Field value={keyType} onChange={(e) => setKeyType(e.target.value)}>
              <option value="A">A</option>
              <option value="B">B</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field>
        <Field label={t('cardConsole.test.key')}>
          <Input
            size="sm"
            fontFamily="mono"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            data-testid="test-key"
          />
        </Field>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={readSector}
          data-testid="test-read-sector"
        >
          {t('cardConsole.test.readSector')}
        </Button>
      </Flex>
      {result && (
        <Stack gap="1" borderWidth="1px" rounded="md" p="3" fontSize="sm">
          <Text data-testid="test-uid">
            {t('cardConsole.read.uid')}: <Code>{result.uid}</Code>
          </Text>
          <Text>
            {t('cardConsole.read.chip')}: {result.type} · SAK {result.sak} · ATQA {result.atqa}
          </Text>
          {result.sectors.map((s) => (
            <Stack key={s.sector} gap="0" data-testid="test-sector-blocks" data-sector={s.sector}>
              <Text fontWeight="semibold">{t('cardConsole.test.sectorN', { sector: s.sector })}</Text>
              {s.blocks.map((b, i) => (
                <Code key={`${s.sector}-${i.toString()}`} fontSize="xs" data-testid="test-block">
                  {blockText(b)}
                </Code>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
