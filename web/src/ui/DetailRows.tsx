// A record's details read-only, one label/value row each (labels are pack keys): the review dialogs' body.
import { Flex, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useT } from '../i18n/t.ts'

/** A pack key and what stands beside it: text, or any element (an image, a badge). */
export type DetailRow = readonly [label: string, value: ReactNode]

export function DetailRows({ rows }: { rows: readonly DetailRow[] }) {
  const t = useT()
  return (
    <Stack gap="2">
      {rows.map(([label, value]) => (
        <Flex key={label} gap="3">
          <Text minW="130px" color="fg.muted" fontSize="sm">
            {t(label)}
          </Text>
          {typeof value === 'string' ? <Text fontSize="sm">{value}</Text> : value}
        </Flex>
      ))}
    </Stack>
  )
}
