// A built room status chart as the route sends it. A 2,000-room chart is ≈ 400 KB of JSON: the envelope around it
// (per language) and its gzip are made once per chart and language, so a kept chart costs no serialising nor
// compressing; and a desk that already holds this very chart (its browser asks with If-None-Match) gets a 304 and
// no body at all.
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'

export class ChartAnswer {
  /** Names the chart's content, whichever server instance built it: equal text, equal tag. */
  readonly #hash: string
  /** Envelopes by language: the plain bytes, and their gzip once a caller accepted it. */
  readonly #bodies = new Map<string, { plain: Buffer; gzip?: Buffer }>()

  /** @param json the RoomStatusChart as JSON text (desk-tiles.ts) */
  constructor(readonly json: string) {
    this.#hash = createHash('sha1').update(json).digest('base64url')
  }

  /** The entity tag of the answer in a language (the envelope's message is in it). Weak: gzip or not, same answer. */
  etag(language: string): string {
    return `W/"${this.#hash}-${language}"`
  }

  /** The envelope `{code, msg, data}` around the chart, gzipped when asked. */
  body(language: string, msg: string, gzip: boolean): Buffer {
    let bodies = this.#bodies.get(language)
    if (!bodies) {
      bodies = { plain: Buffer.from(`{"code":200,"msg":${JSON.stringify(msg)},"data":${this.json}}`) }
      this.#bodies.set(language, bodies)
    }
    if (!gzip) return bodies.plain
    bodies.gzip ??= gzipSync(bodies.plain)
    return bodies.gzip
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
