/**
 * A bundle map: which source modules make up each chunk of the built SPA, and why a chunk is where it is.
 *
 *   npx tsx bench/bundlemap.ts                      # build into .tmp/bundlemap/, list every chunk's top modules
 *   npx tsx bench/bundlemap.ts index useT           # only chunks whose file name starts with these
 *   npx tsx bench/bundlemap.ts --top=40 --why=react-aria-components/dist/TextField
 *
 * Sizes: each chunk's gzip size, and for its modules their share of it (each module's rendered code gzipped alone,
 * scaled to the chunk's gzip size — an estimate: gzip does not split by module). `--why=PART` prints, for every module whose id contains
 * PART, the chain of static importers that brings it into the first load.
 * Builds with the project's vite.config.ts into .tmp/bundlemap/ (dist/ is left alone).
 */
import { writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Plugin } from 'vite'
import { REPO_ROOT } from '../tests/e2e/support/server'

interface ChunkInfo {
  file: string
  isEntry: boolean
  isDynamicEntry: boolean
  gzip: number
  imports: string[]
  dynamicImports: string[]
  /** Each module's rendered code, gzipped on its own: a weight, scaled below to the chunk's gzip size. */
  modules: { id: string; rendered: number }[]
}

const argv = process.argv.slice(2)
const opt = (name: string) => argv.find(a => a.startsWith(`--${name}=`))?.split('=').slice(1).join('=')
const TOP = Number(opt('top') ?? 15)
const WHY = opt('why')
const filters = argv.filter(a => !a.startsWith('--'))
const OUT = join(REPO_ROOT, '.tmp', 'bundlemap')
const short = (id: string) => relative(REPO_ROOT, id).replace(/^node_modules\//, '~/')
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

const chunks: ChunkInfo[] = []
const importers = new Map<string, Set<string>>()
const collect: Plugin = {
  name: 'bundle-map',
  apply: 'build',
  moduleParsed(info) {
    for (const dep of info.importedIds) {
      if (!importers.has(dep)) importers.set(dep, new Set())
      importers.get(dep)!.add(info.id)
    }
  },
  generateBundle(_, bundle) {
    for (const out of Object.values(bundle)) {
      if (out.type !== 'chunk') continue
      chunks.push({
        file: out.fileName,
        isEntry: out.isEntry,
        isDynamicEntry: out.isDynamicEntry,
        gzip: gzipSync(out.code).length,
        imports: out.imports,
        dynamicImports: out.dynamicImports,
        modules: Object.entries(out.modules)
          .map(([id, m]) => ({ id, rendered: m.code ? gzipSync(m.code).length : 0 }))
          .filter(m => m.rendered > 0)
          .sort((a, b) => b.rendered - a.rendered),
      })
    }
  },
}

await build({
  configFile: join(REPO_ROOT, 'vite.config.ts'),
  logLevel: 'warn',
  plugins: [collect],
  build: { outDir: OUT, emptyOutDir: true, manifest: false },
})

writeFileSync(join(OUT, 'bundle-map.json'), JSON.stringify(chunks, null, 1))
const byFile = new Map(chunks.map(c => [c.file, c]))
const initial = new Set<string>()
const visit = (file: string) => {
  if (initial.has(file)) return
  initial.add(file)
  for (const dep of byFile.get(file)?.imports ?? []) visit(dep)
}
for (const c of chunks) if (c.isEntry) visit(c.file)

const shown = chunks
  .filter(c => !filters.length || filters.some(f => c.file.replace(/^assets\//, '').startsWith(f)))
  .sort((a, b) => b.gzip - a.gzip)
for (const c of shown) {
  const total = c.modules.reduce((s, m) => s + m.rendered, 0) || 1
  const tag = c.isEntry ? 'entry' : initial.has(c.file) ? 'initial' : c.isDynamicEntry ? 'dynamic' : 'shared'
  console.log(`\n${kb(c.gzip).padStart(9)}  ${c.file} (${tag}; ${c.modules.length} modules; imports ${c.imports.map(i => i.replace(/^assets\//, '')).join(', ') || 'none'})`)
  for (const m of c.modules.slice(0, TOP)) console.log(`  ${kb((m.rendered / total) * c.gzip).padStart(9)}  ${short(m.id)}`)
}

if (WHY) {
  const chunkOf = new Map<string, string>()
  for (const c of chunks) for (const m of c.modules) chunkOf.set(m.id, c.file)
  console.log(`\n## Why: modules matching "${WHY}"`)
  for (const id of chunkOf.keys()) {
    if (!id.includes(WHY)) continue
    // Breadth-first to the nearest app source file, through static importers.
    const seen = new Set([id])
    const queue: string[][] = [[id]]
    const chains: string[][] = []
    while (queue.length && chains.length < 3) {
      const path = queue.shift()!
      const last = path[path.length - 1]!
      for (const from of importers.get(last) ?? []) {
        if (seen.has(from)) continue
        seen.add(from)
        const next = [...path, from]
        if (!from.includes('node_modules')) chains.push(next)
        else queue.push(next)
      }
    }
    console.log(`  ${short(id)} [${chunkOf.get(id)}]`)
    for (const chain of chains) console.log(`    ← ${chain.slice(1).map(short).join(' ← ')}`)
  }
}
