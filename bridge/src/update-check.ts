// The bridge's own updates (issue 17): pms-bridge is published as an app version of platform 'bridge', app id
// 'pms-bridge' (System → App versions). /bridge/health reports the running version against the latest published one,
// asked through the bridge's own /prod-api — the in-process server or the central one alike — at most once per
// `ttlMs` (the health answer stays cheap for monitors that poll it).
import type { BridgeUpdate } from '@pms/protocol/api/bridge-devices'
import type { LatestAppVersion } from '@pms/protocol/api/system'

export const BRIDGE_APP_ID = 'pms-bridge'
export const LATEST_BRIDGE_PATH = `/prod-api/system/appVersion/latest/bridge/${BRIDGE_APP_ID}`

/** Compares dotted version names numerically ('0.10.0' > '0.9.1'); a part that is not a number counts as 0. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .replace(/^v/i, '')
      .split('.')
      .map((p) => Number.parseInt(p, 10) || 0)
  const [x, y] = [parts(a), parts(b)]
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0)
    if (d) return Math.sign(d)
  }
  return 0
}

/**
 * The latest published bridge as the health answer shows it, or null when none is published. An update check never
 * fails nor holds up the health answer: an API that cannot answer is null, and one slower than `waitMs` (a central
 * server out of reach) answers null now and the health answer after it gets what it found; one ask at a time.
 */
export function createUpdateCheck(
  current: string,
  askLatest: () => Promise<LatestAppVersion | null>,
  ttlMs = 10 * 60_000,
  waitMs = 1_000,
): () => Promise<BridgeUpdate | null> {
  let known: { at: number; update: BridgeUpdate | null } | undefined
  let asking: Promise<BridgeUpdate | null> | undefined
  const ask = async () => {
    const latest = await askLatest().catch(() => null)
    // Only an answer in the shape of a published version counts (a central server of another kind answers otherwise).
    const update =
      latest && typeof latest.versionName === 'string' && typeof latest.href === 'string'
        ? {
            latestVersion: latest.versionName,
            href: latest.href,
            updateAvailable: compareVersions(latest.versionName, current) > 0,
          }
        : null
    known = { at: Date.now(), update }
    return update
  }
  return async () => {
    if (known && Date.now() - known.at < ttlMs) return known.update
    asking ??= ask().finally(() => {
      asking = undefined
    })
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs)
    })
    try {
      return await Promise.race([asking, late])
    } finally {
      clearTimeout(timer)
    }
  }
}
