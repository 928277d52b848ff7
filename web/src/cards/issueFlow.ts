// The issuing flow of DESIGN §3 with its effects injected: read on the encoder → server grant → bridge write+verify →
// confirm the record (issued, or failed with the reason). A failed record is retried through waiting (server rule).
import type { CardIssueAuthorization, CardRecordState } from '@pms/protocol/api/card-issue'

export const IssueStep = {
  reading: 'reading',
  granting: 'granting',
  writing: 'writing',
  confirming: 'confirming',
  issued: 'issued',
  failed: 'failed',
} as const
export type IssueStep = (typeof IssueStep)[keyof typeof IssueStep]

export interface IssueEffects {
  read(): Promise<{ uid: string; deviceId: string }>
  grant(uid: string): Promise<CardIssueAuthorization>
  write(auth: CardIssueAuthorization, deviceId: string): Promise<void>
  /** updateCardState of the record; `reason` only with failed. */
  confirm(recordId: number, uid: string, state: CardRecordState, reason?: string): Promise<void>
  /** The text to show for an error thrown by any effect. */
  describe(error: unknown): string
}

/** Where an attempt ended; enough to retry it without a new grant. */
export interface IssueAttempt {
  step: IssueStep
  uid?: string
  deviceId?: string
  auth?: CardIssueAuthorization
  /** The record's state as this console last set it (undefined: no record yet). */
  recordState?: CardRecordState
  /** The card was written and verified. */
  written: boolean
  /** The step that failed, and why. */
  failedAt?: IssueStep
  reason?: string
}

type Report = (attempt: IssueAttempt) => void

async function writeAndConfirm(fx: IssueEffects, at: IssueAttempt, report: Report): Promise<IssueAttempt> {
  const auth = at.auth!
  const uid = at.uid!
  let current: IssueAttempt = at
  if (!current.written) {
    current = { ...current, step: 'writing' }
    report(current)
    try {
      await fx.write(auth, current.deviceId!)
      current = { ...current, written: true }
    } catch (error) {
      const reason = fx.describe(error)
      let recordState = current.recordState
      try {
        await fx.confirm(auth.recordId, uid, 'failed', reason)
        recordState = 'failed'
      } catch {
        // The record stays waiting; the reason is still shown and a retry starts from writing.
      }
      return { ...current, step: 'failed', failedAt: 'writing', reason, recordState }
    }
  }
  current = { ...current, step: 'confirming' }
  report(current)
  try {
    await fx.confirm(auth.recordId, uid, 'issued')
    return { ...current, step: 'issued', recordState: 'issued', failedAt: undefined, reason: undefined }
  } catch (error) {
    return { ...current, step: 'failed', failedAt: 'confirming', reason: fx.describe(error) }
  }
}

/** Runs the whole flow; `report` hears each step as it starts. Never throws. */
export async function issueCard(fx: IssueEffects, report: Report): Promise<IssueAttempt> {
  let at: IssueAttempt = { step: 'reading', written: false }
  report(at)
  try {
    const card = await fx.read()
    at = { ...at, uid: card.uid, deviceId: card.deviceId }
  } catch (error) {
    return { ...at, step: 'failed', failedAt: 'reading', reason: fx.describe(error) }
  }
  at = { ...at, step: 'granting' }
  report(at)
  try {
    at = { ...at, auth: await fx.grant(at.uid!), recordState: 'waiting' }
  } catch (error) {
    return { ...at, step: 'failed', failedAt: 'granting', reason: fx.describe(error) }
  }
  return writeAndConfirm(fx, at, report)
}

/** True when a failed attempt can be retried with the grant it already has. */
export function canRetry(at: IssueAttempt): boolean {
  return at.step === 'failed' && at.auth !== undefined
}

/** Retries a failed attempt: a failed record goes back to waiting, then the card is written (again) and confirmed. */
export async function retryIssue(fx: IssueEffects, at: IssueAttempt, report: Report): Promise<IssueAttempt> {
  if (!canRetry(at)) return at
  let current: IssueAttempt = { ...at, failedAt: undefined, reason: undefined }
  if (current.recordState === 'failed') {
    current = { ...current, step: 'confirming' }
    report(current)
    try {
      await fx.confirm(at.auth!.recordId, at.uid!, 'waiting')
      current = { ...current, recordState: 'waiting' }
    } catch (error) {
      return { ...current, step: 'failed', failedAt: 'confirming', reason: fx.describe(error) }
    }
  }
  return writeAndConfirm(fx, current, report)
}
