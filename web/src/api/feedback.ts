// The request layer's window onto the UI: toasts, notifications and confirm dialogs, installed by the app shell.
import { TOAST_DURATION_MS } from './outcome.ts'

export type Tone = 'success' | 'error' | 'warning' | 'info'

export interface ConfirmOptions {
  title: string
  body: string
  confirmText: string
  cancelText: string
}

export interface Feedback {
  /** A short message (the "message" style of the catalogue). */
  toast(tone: Tone, text: string, durationMs?: number): void
  /** A titled notification (the "notification" style of the catalogue). */
  notify(tone: Tone, title: string, description?: string): void
  confirm(options: ConfirmOptions): Promise<boolean>
}

let current: Feedback = {
  toast: (tone, text) => console[tone === 'error' ? 'error' : 'log'](text),
  notify: (tone, title, description) => console[tone === 'error' ? 'error' : 'log'](title, description ?? ''),
  confirm: async () => false,
}

export function installFeedback(feedback: Feedback): void {
  current = feedback
}

export const feedback = {
  toast: (tone: Tone, text: string, durationMs = TOAST_DURATION_MS) => current.toast(tone, text, durationMs),
  notify: (tone: Tone, title: string, description?: string) => current.notify(tone, title, description),
  confirm: (options: ConfirmOptions) => current.confirm(options),
}
