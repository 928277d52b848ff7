// Serves the built console (web/dist) with a history-mode fallback to index.html, or a page saying how to build it.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import { translate } from '@pms/protocol'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { requestLanguage } from './language.ts'

/** Paths that never fall back to the console: the API, the device API and the broker. */
const NOT_CONSOLE = ['/prod-api', '/bridge', '/mqtt']

function isConsolePath(url: string): boolean {
  const path = url.split('?')[0] ?? '/'
  return !NOT_CONSOLE.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    isConsolePath(request.url) &&
    (request.headers.accept ?? '').includes('text/html')
  )
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

function notBuiltPage(request: FastifyRequest, webRoot: string): string {
  const lang = requestLanguage(request.headers)
  const title = escapeHtml(translate(lang, 'bridge.consoleNotBuiltTitle'))
  const message = escapeHtml(translate(lang, 'bridge.consoleNotBuilt', [webRoot]))
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${message}</p></body></html>`
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ code: 404, msg: translate(requestLanguage(request.headers), 'error.404') })
}

export async function registerWebConsole(app: FastifyInstance, webRoot: string): Promise<void> {
  const built = existsSync(join(webRoot, 'index.html'))
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      // The build writes .br and .gz beside each file (web/build/precompress.ts); these go out as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, sent) {
        // The file sent may be the .br or .gz copy; its caching is that of the file it stands for.
        const path = sent.replace(/\.(br|gz)$/, '')
        res.setHeader('vary', 'accept-encoding')
        // Vite names assets by content hash, so they never change; index.html must always be revalidated.
        if (path.endsWith('index.html')) res.setHeader('cache-control', 'no-cache')
        else if (path.includes('/assets/'))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable')
        else res.setHeader('cache-control', 'public, max-age=3600')
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    if (!wantsPage(request)) return notFound(request, reply)
    if (!built) return reply.code(503).type('text/html; charset=utf-8').send(notBuiltPage(request, webRoot))
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}
