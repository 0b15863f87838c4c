import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ApiError } from './errors'
import { failureBody } from './envelope'

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Cabinet: not built</title>
<body style="font-family:sans-serif;margin:3rem"><h1>The web app is not built yet</h1>
<p>Run <code>npm run build</code> and restart the server (or use <code>npm run dev</code>). The API is up under <code>/api/v1</code>.</p></body></html>`

/**
 * Serves the built SPA from `dir` and answers every unknown non-API GET with index.html (history routing).
 * API paths and other methods get a 404 envelope. Without a build a small page says how to make one.
 */
export function installStatic(app: FastifyInstance, dir: string): void {
  const built = existsSync(join(dir, 'index.html'))
  if (built) {
    app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      // The build writes `.br` and `.gz` beside each text asset (vite.precompress.ts): the best one the browser
      // accepts is sent as it is, with `Vary: accept-encoding`; a file without copies goes out uncompressed.
      preCompressed: true,
      // Vite names assets by content hash: cache them for good; index.html must always be re-checked.
      setHeaders(reply, path) {
        reply.header('cache-control', path.startsWith(join(dir, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/')
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(failureBody(request, new ApiError(404, 'notFound')))
    }
    if (!built) return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE)
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}
