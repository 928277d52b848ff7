// How the browser tests and the benches launch Chromium (useProductAndBrowser in ./helpers.ts launches one per file).
import type { LaunchOptions } from 'playwright-core'

/** How the tests and benches start Chromium (Debian's, or PMS_CHROMIUM): headless, fetching nothing by itself. */
export const CHROMIUM_OPTIONS: LaunchOptions = {
  executablePath: process.env.PMS_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}
