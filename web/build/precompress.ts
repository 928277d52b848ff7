// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, so the bridge serves
// them as they are (@fastify/static preCompressed) instead of compressing on every request or not at all.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin, ResolvedConfig } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : [path]
  })
}

export function precompress(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'pms-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    closeBundle() {
      const outDir = resolve(config.root, config.build.outDir)
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue
        const body = readFileSync(file)
        if (body.length < MIN_BYTES) continue
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        )
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
      }
    },
  }
}
