/**
 * The house rules (DESIGN §1–2, STYLE "slices with a public face"), checked on every import of every .ts/.tsx file
 * in the tree: static `import … from`, `import type`, `export … from`, dynamic `import()` and module augmentations
 * (`declare module '…'`), type-only ones included — a type import ties two parts together as much as any other.
 *
 *  1. core/ knows no module, no app and no server: a file under core/ imports nothing under modules/, app/ or server/.
 *  2. The server core knows no module: a file under server/ imports nothing under modules/ or app/. Exceptions: the
 *     composition root server/main.ts, and the server's own test files (`*.test.ts`), which may take fixtures there.
 *  3. A module reaches another module only through its public entries: from a file under modules/<a>/, the only
 *     files of modules/<b>/ (b ≠ a) it may import are modules/<b>/index.ts, contract.ts and server/index.ts.
 *     No exception for tests: a test of module a builds its fixtures through b's public entries too.
 *  4. A module never imports app/ (app/ composes modules, never the other way round). No exception for tests.
 *
 * Only relative specifiers are paths of this tree (there are no path aliases); packages are not checked.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', '.git', '.tmp'])

export interface Violation {
  file: string
  imported: string
  rule: string
}

/** Every specifier a source imports, re-exports, imports dynamically or augments, in source order. */
export function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map(f => f.fileName)
}

const posix = (path: string) => path.split(sep).join('/')

/** The tree's file a relative specifier of `file` names (both relative to the root), or the bare path when none is found. */
export function resolveImport(file: string, specifier: string, exists: (path: string) => boolean): string | null {
  if (!specifier.startsWith('.')) return null
  const base = posix(join(dirname(file), specifier.replace(/[?#].*$/, '')))
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.d.ts`, `${base}/index.ts`, `${base}/index.tsx`]
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'))
  return candidates.find(c => exists(c)) ?? base
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file)
const moduleOf = (path: string) => /^modules\/([^/]+)\//.exec(path)?.[1] ?? null
const under = (path: string, ...roots: string[]) => roots.some(r => path === r || path.startsWith(`${r}/`))
const PUBLIC_ENTRIES = ['index.ts', 'contract.ts', 'server/index.ts']

/** The rule `file` breaks by importing `target` (both paths from the root), or null. */
export function ruleBroken(file: string, target: string): string | null {
  if (under(file, 'core') && under(target, 'modules', 'app', 'server')) return 'core/ imports no module, app or server'
  if (under(file, 'server') && file !== 'server/main.ts' && !isTest(file) && under(target, 'modules', 'app')) {
    return 'server/ imports no module or app (only server/main.ts composes them)'
  }
  const from = moduleOf(file)
  if (from === null) return null
  if (under(target, 'app')) return 'a module imports no app/'
  const to = moduleOf(target)
  if (to !== null && to !== from && !PUBLIC_ENTRIES.some(entry => target === `modules/${to}/${entry}`)) {
    return `modules/${from} reaches modules/${to} only through its index.ts, contract.ts or server/index.ts`
  }
  return null
}

/** Violations of a set of files: `sources` maps a root-relative path to its text. */
export function findViolations(sources: ReadonlyMap<string, string>, exists: (path: string) => boolean): Violation[] {
  const found: Violation[] = []
  for (const [file, source] of sources) {
    for (const specifier of importsOf(source)) {
      const imported = resolveImport(file, specifier, exists)
      const rule = imported === null ? null : ruleBroken(file, imported)
      if (rule && imported) found.push({ file, imported, rule })
    }
  }
  return found
}

function sourcesOfTree(): Map<string, string> {
  const sources = new Map<string, string>()
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (SKIP_DIRS.has(name)) continue
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.tsx?$/.test(name)) sources.set(posix(relative(ROOT, path)), readFileSync(path, 'utf8'))
    }
  }
  walk(ROOT)
  return sources
}

const key = (v: Pick<Violation, 'file' | 'imported'>) => `${v.file} -> ${v.imported}`
const inTree = (path: string) => existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isFile()

describe('import boundaries', () => {
  const sources = sourcesOfTree()
  const violations = findViolations(sources, inTree)

  it('reads the whole tree', () => {
    for (const part of ['core/', 'server/', 'modules/', 'app/']) expect([...sources.keys()].some(f => f.startsWith(part)), part).toBe(true)
  })

  it('holds in the tree', () => {
    const found = violations.map(v => `${key(v)}  (${v.rule})`)
    expect(found, `imports across the boundaries:\n${found.join('\n')}`).toEqual([])
  })
})

describe('the boundary check itself', () => {
  it('finds static, type-only, re-exported, dynamic and augmenting imports', () => {
    const source = [
      "import { a } from './a'",
      "import type { B } from '../b'",
      "export { c } from './c'",
      "export * from './d'",
      "const e = () => import('./e')",
      "declare module '../f' { interface X { y: 1 } }",
      "import 'side-effect'",
      "// import { no } from './comment'",
    ].join('\n')
    // The order is the compiler scanner's (dynamic imports last); only the set matters.
    expect(importsOf(source).sort()).toEqual(['./a', '../b', './c', './d', './e', '../f', 'side-effect'].sort())
  })

  it('fails on each rule, naming the file and the import', () => {
    const page = ["import { t } from '../../b/tables'", "import { i } from '../../b'", "import { c } from '../../b/contract'", "import '../model'"].join('\n')
    const files = new Map([
      ['core/x.ts', "import { m } from '../modules/bids/index'\nexport const y = () => import('../app/modules')"],
      ['core/x.test.ts', "import { s } from '../server/app'"],
      ['server/y.ts', "export { m } from '../modules/bids'"],
      ['server/main.ts', "import { s } from '../app/server-modules'"],
      ['server/y.test.ts', "import { m } from '../modules/bids/server/index'"],
      ['modules/a/ui/Page.tsx', page],
      ['modules/a/z.server.test.ts', "import '../b/server/index'\nimport { q } from '../b/server/queries'\nimport { l } from '../../app/modules'"],
    ])
    const ofB = ['index.ts', 'tables.ts', 'contract.ts', 'server/index.ts', 'server/queries.ts'].map(f => `modules/b/${f}`)
    const existing = new Set(['modules/bids/index.ts', ...ofB])
    const found = findViolations(files, path => existing.has(path)).map(key)
    expect(found).toEqual([
      'core/x.ts -> modules/bids/index.ts',
      'core/x.ts -> app/modules',
      'core/x.test.ts -> server/app',
      'server/y.ts -> modules/bids/index.ts',
      'modules/a/ui/Page.tsx -> modules/b/tables.ts',
      'modules/a/z.server.test.ts -> modules/b/server/queries.ts',
      'modules/a/z.server.test.ts -> app/modules',
    ])
  })
})
