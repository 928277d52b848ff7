// Reads asked in bursts (a live message per change, several desks at work) run one at a time: a call while one runs
// asks for one more after it, however many calls came, so the last answer shown is never older than the last call.

/** `run` wrapped so that it never runs twice at once; calls made meanwhile fold into one more run after it. */
export function coalesced(run: () => Promise<unknown>): () => void {
  let running = false
  let again = false
  const go = (): void => {
    if (running) {
      again = true
      return
    }
    running = true
    run()
      .catch(() => {})
      .finally(() => {
        running = false
        if (again) {
          again = false
          go()
        }
      })
  }
  return go
}
