// A test-only hook for the kill test (test/api/night-audit-kill.test.ts): with PMS_TEST_NIGHT_AUDIT_PAUSE_AFTER set to
// a step's name, a night audit that has just done that step says so on stdout and waits there for ever, inside its
// transaction, so the test can kill the process at that exact point (no timing involved). Unset, it does nothing.
import type { NightAuditStep } from '@pms/protocol/api/night-audit'

export const PAUSE_LINE = 'night audit paused after'

export async function pauseForKillTest(step: NightAuditStep): Promise<void> {
  if (process.env.PMS_TEST_NIGHT_AUDIT_PAUSE_AFTER !== step) return
  process.stdout.write(`${PAUSE_LINE} ${step}\n`)
  await new Promise<never>(() => {})
}
