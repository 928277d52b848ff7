// The lazily loaded UI library root (ChakraRoot.tsx), for what draws with it outside the router (toasts, the sign-in
// page's code and QR ways); shellCode.ts starts its download early.
import { lazyLoaded } from './lazyLoaded.ts'
import { chakraCode } from './shellCode.ts'

export const WithChakra = lazyLoaded(chakraCode)
