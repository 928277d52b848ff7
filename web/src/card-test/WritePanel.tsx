// Raw writes on the encoder: one data block opened with a key typed here (the bridge reads it back), and a test
// card — the bridge's "PMS TEST CARD v1" pattern in sector 1 block 0 — with the same key.
import { Button, Code, Flex, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react'
import type { CardTestResult, CardWriteResult } from '@pms/protocol/api/bridge-devices'
import { TEST_CARD_SECTOR } from '@pms/protocol/api/bridge-devices'
import { useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { bridgeApi, bridgeErrorText } from '../bridge/api.ts'
import { Field } from '../cards/Field.tsx'
import { useT } from '../i18n/t.ts'
import { blockText, checkBlockWrite, checkSectorKey } from './sectorInput.ts'

type Done = { kind: 'write'; result: CardWriteResult } | { kind: 'test'; result: CardTestResult }

export function WritePanel({ deviceId }: { deviceId?: string }) {
  const t = useT()
  const [sector, setSector] = useState('1')
  const [block, setBlock] = useState('1')
  const [keyType, setKeyType] = useState('A')
  const [key, setKey] = useState('FFFFFFFFFFFF')
  const [data, setData] = useState('00000000000000000000000000000000')
  const [done, setDone] = useState<Done | null>(null)
  const [busy, setBusy] = useState(false)

  const run = async (call: () => Promise<Done>) => {
    setBusy(true)
    try {
      const next = await call()
      setDone(next)
      feedback.toast(
        'success',
        next.kind === 'write'
          ? t('cardConsole.test.written', { sector: next.result.sector, block: next.result.block })
          : t('cardConsole.test.testCardDone', { uid: next.result.uid }),
      )
    } catch (error) {
      feedback.toast('error', bridgeErrorText(error, t))
    } finally {
      setBusy(false)
    }
  }
  const write = () => {
    const check = checkBlockWrite(sector, block, keyType, key, data)
    if (!check.ok) {
      feedback.toast('warning', t(check.key))
      return
    }
    void run(async () => ({ kind: 'write', result: await bridgeApi.write({ deviceId, ...check.value }) }))
  }
  const testCard = () => {
    const check = checkSectorKey(String(TEST_CARD_SECTOR), keyType, key)
    if (!check.ok) {
      feedback.toast('warning', t(check.key))
      return
    }
    const { keyType: kt, key: k } = check.value
    void run(async () => ({
      kind: 'test',
      result: await bridgeApi.testCard({ deviceId, keyType: kt, key: k }),
    }))
  }

  return (
    <Stack gap="3" data-testid="test-write">
      <Heading size="sm">{t('cardConsole.test.write')}</Heading>
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Field label={t('cardConsole.test.sector')}>
          <Input
            size="sm"
            w="80px"
            value={sector}
            onChange={(e) => setSector(e.target.value)}
            data-testid="test-write-sector"
          />
        </Field>
        <Field label={t('cardConsole.test.block')}>
          <NativeSelect.Root size="sm" w="80px">
            <NativeSelect.Field
              value={block}
              onChange={(e) => setBlock(e.target.value)}
              data-testid="test-write-block"
            >
              <option value="0">0</option>
              <option value="1">1</option>
              <option value="2">2</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field>
        <Field label={t('cardConsole.test.keyType')}>
          <NativeSelect.Root size="sm" w="80px">
            <NativeSelect.Field
              value={keyType}
              onChange={(e) => setKeyType(e.target.value)}
              data-testid="test-write-key-type"
            >
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
            data-testid="test-write-key"
          />
        </Field>
      </Flex>
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Field label={t('cardConsole.test.data')}>
          <Input
            size="sm"
            fontFamily="mono"
            minW="320px"
            value={data}
            onChange={(e) => setData(e.target.value)}
            data-testid="test-write-data"
          />
        </Field>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={write}
          data-testid="test-write-block-button"
        >
          {t('cardConsole.test.writeBlock')}
        </Button>
      </Flex>
      <Flex gap="2" align="center" wrap="wrap">
        <Button size="sm" loading={busy} onClick={testCard} data-testid="test-issue-test-card">
          {t('cardConsole.test.testCard')}
        </Button>
        <Text fontSize="xs" color="fg.muted">
          {t('cardConsole.test.testCardHint')}
        </Text>
      </Flex>
      {done && (
        <Stack
          gap="1"
          borderWidth="1px"
          rounded="md"
          p="3"
          fontSize="sm"
          data-testid="test-write-result"
          data-kind={done.kind}
        >
          <Text>
            {done.kind === 'write'
              ? t('cardConsole.test.written', { sector: done.result.sector, block: done.result.block })
              : t('cardConsole.test.testCardDone', { uid: done.result.uid })}
          </Text>
          <Text>
            {t('cardConsole.read.uid')}: <Code data-testid="test-write-uid">{done.result.uid}</Code>
          </Text>
          <Code fontSize="xs" data-testid="test-write-data-back">
            {blockText(done.kind === 'write' ? done.result.data : done.result.block.data)}
          </Code>
        </Stack>
      )}
    </Stack>
  )
}
