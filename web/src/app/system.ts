// The Chakra UI system of the console.
import { createSystem, defaultConfig } from '@chakra-ui/react'

export const system = createSystem(defaultConfig, {
  globalCss: { 'html, body': { margin: 0, padding: 0 } },
})
