// A labelled form field of the card screens.
import { Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="1" minW="200px">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      {children}
    </Stack>
  )
}
