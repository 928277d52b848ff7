// The API secret key code's 10-minute validity (SPEC §7, §9): when it ends and how much is left.
import { API_SECRET_CODE_VALID_MS } from '@pms/protocol/api/properties'

export const codeExpiresAt = (timeStamp: number) => timeStamp + API_SECRET_CODE_VALID_MS

/** Whole seconds left before the code expires, never below 0. */
export function secondsLeft(timeStamp: number, now: number): number {
  return Math.max(0, Math.ceil((codeExpiresAt(timeStamp) - now) / 1000))
}

/** 'm:ss' of a number of seconds. */
export function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
