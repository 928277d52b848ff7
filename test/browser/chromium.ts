// vitest global setup of the browser project: one Chromium for the whole run, which every browser file connects to
// (useProductAndBrowser in ./helpers.ts) instead of launching its own. Each file still opens its own contexts (own
// cookies, storage and cache), so the files stay as independent as before; the run pays one launch instead of one per
// file.
import { chromium, type LaunchOptions } from 'playwright-core'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The websocket address of the run's Chromium ('' outside the browser project: a file launches its own). */
    chromiumEndpoint: string
  }
}

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

export default async function setup(project: TestProject) {
  const server = await chromium.launchServer(CHROMIUM_OPTIONS)
  project.provide('chromiumEndpoint', server.wsEndpoint())
  return async () => {
    await server.close()
  }
}
