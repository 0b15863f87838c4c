import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** What is worth compressing: text the browser fetches (scripts, styles, markup, JSON, SVG, the manifest). */
export const COMPRESSIBLE = /\.(?:m?js|css|html|json|svg|txt|xml|webmanifest|map)$/
/** Below this a compressed copy saves less than its headers cost. */
export const MIN_BYTES = 1024

/** Brotli at its best level and gzip at 9: made once per build, so the server never compresses per request. */
export async function compressedCopies(bytes: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gzipped] = await Promise.all([
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gz(bytes, { level: 9 }),
  ])
  return { br, gz: gzipped }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build (node:zlib, no package), which the
 * server's static handler (`preCompressed`, server/http/static.ts) picks by the request's Accept-Encoding.
 * A copy that is not smaller than the original is not written: the original is then served as it is.
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir)
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter(name => COMPRESSIBLE.test(name))
      await Promise.all(
        files.map(async name => {
          const path = join(outDir, name)
          const bytes = await readFile(path)
          if (bytes.length < MIN_BYTES) return
          const copies = await compressedCopies(bytes)
          if (copies.br.length < bytes.length) await writeFile(`${path}.br`, copies.br)
          if (copies.gz.length < bytes.length) await writeFile(`${path}.gz`, copies.gz)
        }),
      )
    },
  }
}
