// The UI library's provider with the console's system. It loads with the first screen that draws with the library
// (or the first toast): the sign-in pages draw with plain elements and never wait for it.
import { ChakraProvider } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { system } from './system.ts'

export default function ChakraRoot({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>
}
