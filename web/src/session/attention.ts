// Whether a person is at the console: the time of its last key press, click, touch or scroll. The calls the console
// makes while nobody has touched it for a minute (a screen reloading itself at a stay's due time, after a live update or
// a reconnection) are sent as unattended (protocol UNATTENDED_HEADER) and do not keep the session alive, on the server
// or in the token's cookies: a console left open is signed out twelve hours after its user's last action, not kept
// signed in by its own reads.

/** How long after an action the console's calls still count as its user's: the sliding step of the session. */
export const ATTENDED_MS = 60_000

let lastActionAt = Date.now()

/** Notes an action now (or at `at`): every key press, click, touch and scroll does, once `watchAttention` runs. */
export function noteAction(at = Date.now()): void {
  lastActionAt = at
}

/** Listens for the user's actions on the whole page (capture, so a handler that stops them still counts). */
export function watchAttention(target: Pick<Window, 'addEventListener'> = window): void {
  for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const)
    target.addEventListener(type, () => noteAction(), { capture: true, passive: true })
}

/** Whether someone acted on the console within the last minute (a page load counts as an action). */
export const attended = (now = Date.now()): boolean => now - lastActionAt < ATTENDED_MS
