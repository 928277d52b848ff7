// A built room status chart as the route sends it. A 2,000-room chart is ≈ 400 KB of JSON: the envelope around it
// (per language) and its gzip (≈ 13 KB) are made once per chart and language, so a kept chart costs no serialising
// nor compressing; and a desk that already holds this very chart (its browser asks with If-None-Match) gets a 304 and
// no body at all. The gzip is made off the main thread after the first answer, which goes out plain: a chart built
// afresh is not held back by compressing it. The chart says when it changes by time alone next (`changesAt`: a stay
// turning overdue, an arrival's booking ending), so a console asks again then without any change to hear of.
import { createHash } from 'node:crypto'
import { gzip } from 'node:zlib'

export class ChartAnswer {
  /** Names the chart's content, whichever server instance built it: equal text, equal tag. */
  readonly #hash: string
  /** Envelopes by language: the plain bytes, and their gzip once a caller accepted it and it is made. */
  readonly #bodies = new Map<string, { plain: Buffer; gzip?: Buffer | 'making' }>()

  /** The chart as sent: `json` with `changesAt` when an instant will change it. */
  readonly #text: string

  /**
   * @param json the RoomStatusChart as JSON text (desk-tiles.ts), without `changesAt`
   * @param changesAt the next instant at which the chart changes with no change to the data (null: none will)
   */
  constructor(
    readonly json: string,
    readonly changesAt: Date | null = null,
  ) {
    this.#text =
      changesAt && json.endsWith('}')
        ? `${json.slice(0, -1)},"changesAt":${JSON.stringify(changesAt.toISOString())}}`
        : json
    this.#hash = createHash('sha1').update(this.#text).digest('base64url')
  }

  /** The entity tag of the answer in a language (the envelope's message is in it). Weak: gzip or not, same answer. */
  etag(language: string): string {
    return `W/"${this.#hash}-${language}"`
  }

  /**
   * The envelope `{code, msg, data}` around the chart: gzipped when the caller accepts it and the gzip is made (the
   * first such ask starts making it and gets the plain bytes).
   */
  body(language: string, msg: string, acceptsGzip: boolean): { bytes: Buffer; gzipped: boolean } {
    let bodies = this.#bodies.get(language)
    if (!bodies) {
      bodies = { plain: Buffer.from(`{"code":200,"msg":${JSON.stringify(msg)},"data":${this.#text}}`) }
      this.#bodies.set(language, bodies)
    }
    if (acceptsGzip && bodies.gzip instanceof Buffer) return { bytes: bodies.gzip, gzipped: true }
    if (acceptsGzip && !bodies.gzip) {
      const made = bodies
      made.gzip = 'making'
      gzip(made.plain, (error, bytes) => {
        made.gzip = error ? undefined : bytes
      })
    }
    return { bytes: bodies.plain, gzipped: false }
  }

  /** Resolves once every gzip started is made (tests). */
  async settled(): Promise<void> {
    while ([...this.#bodies.values()].some((b) => b.gzip === 'making'))
      await new Promise((resolve) => setImmediate(resolve))
  }
}

/** Whether an Accept-Encoding header accepts gzip (named without q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';')
    if (coding !== 'gzip' && coding !== 'x-gzip') return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  })
}

/** Whether If-None-Match names this tag (weak comparison, as RFC 9110 asks for it). */
export function alreadyHeld(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.trim() === '*' || header.split(',').some((tag) => opaque(tag) === opaque(etag))
}
