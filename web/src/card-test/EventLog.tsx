// The live log of bridge events, newest first.
import { Badge, Box, Flex, Heading, Text } from '@chakra-ui/react'
import type { SocketState } from '../bridge/events.ts'
import { useT } from '../i18n/t.ts'
import { formatDateTime } from '../ui/format.ts'
import type { LogEntry } from './eventLog.ts'

export function EventLog({ entries, socket }: { entries: LogEntry[]; socket: SocketState }) {
  const t = useT()
  return (
    <Flex direction="column" gap="2" data-testid="test-log">
      <Flex gap="2" align="center">
        <Heading size="sm">{t('cardConsole.test.log')}</Heading>
        <Badge
          colorPalette={socket === 'open' ? 'green' : 'orange'}
          data-testid="test-socket"
          data-state={socket}
        >
          {t(`cardConsole.test.socket.${socket}`)}
        </Badge>
      </Flex>
      <Box maxH="320px" overflowY="auto" borderWidth="1px" rounded="md" p="2" fontFamily="mono" fontSize="xs">
        {entries.map((e, i) => (
          <Text
            key={`${e.at}-${(entries.length - i).toString()}`}
            data-testid="test-log-entry"
            data-type={e.type}
          >
            {formatDateTime(e.at)} [{e.type}] {e.summary}
          </Text>
        ))}
      </Box>
    </Flex>
  )
}
