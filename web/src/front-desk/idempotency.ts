// The idempotency key of one dialog submission (DESIGN §4, billing contract): the same content submitted again —
// a double click, a retry after a lost answer — carries the same key, so the server posts it once. A new key is
// made when the content changes (the server refuses one key for two requests) and after a submission succeeded.

export interface KeyKeeper {
  /** The key to send with `body`. */
  keyFor(body: unknown): string
  /** The submission succeeded: the next one is a new posting with a new key. */
  settle(): void
}

const randomKey = () => crypto.randomUUID()

export function createKeyKeeper(newKey: () => string = randomKey): KeyKeeper {
  let current: { content: string; key: string } | null = null
  return {
    keyFor(body) {
      const content = JSON.stringify(body)
      if (current?.content !== content) current = { content, key: newKey() }
      return current.key
    },
    settle() {
      current = null
    },
  }
}
