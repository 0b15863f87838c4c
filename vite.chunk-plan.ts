import type { Plugin } from 'vite'

/**
 * Chunks by when the code is needed, not only by which dynamic imports reach it. Left to itself rolldown makes one
 * chunk per set of importers: /login fetched 21 scripts and a signed-in page 50–70, mostly of 0.1–2 KB, each gzipped
 * on its own (a signed-in page's scripts compressed 15 KB smaller in one piece), and every dynamic import listed them
 * all for preloading. A plan is a list of groups, each the static closure of its roots (what they import, and what
 * that imports) without what an earlier group took; the entry's own chunk (`index`, rolldown's `$initial` tag) comes
 * first. Pages, widgets, the modules' logic and their locale packs otherwise keep rolldown's chunking.
 */
export interface ChunkGroupPlan {
  name: string
  /** Module ids ending with one of these start the group (`/core/ui/list/ListPage.tsx`). */
  roots: readonly string[]
  /** Modules that stay out of the group; what they import may still join it. */
  except?: RegExp
}

export function chunkPlan({ entry, groups }: { entry: string; groups: readonly ChunkGroupPlan[] }) {
  const imports = new Map<string, readonly string[]>()
  let members: Map<string, Set<string>> | null = null

  const matching = (suffixes: readonly string[]) => [...imports.keys()].filter(id => suffixes.some(suffix => id.endsWith(suffix)))
  const closure = (starts: readonly string[], stop: (id: string) => boolean, except?: RegExp) => {
    const found = new Set<string>()
    const seen = new Set<string>()
    const visit = (id: string) => {
      if (seen.has(id) || stop(id)) return
      seen.add(id)
      if (!except?.test(id)) found.add(id)
      for (const next of imports.get(id) ?? []) visit(next)
    }
    starts.forEach(visit)
    return found
  }
  // Computed once the whole graph is known: rolldown asks the groups only after every module is parsed.
  const plan = () => {
    if (members) return members
    const taken = new Set<string>()
    const result = new Map<string, Set<string>>()
    const take = (name: string, set: Set<string>) => {
      result.set(name, set)
      for (const id of set) taken.add(id)
    }
    take('index', closure(matching([entry]), () => false))
    for (const group of groups) {
      take(group.name, closure(matching(group.roots), id => taken.has(id), group.except))
    }
    return (members = result)
  }

  // Each chunk's static imports by file name: what is loaded already when one of its dynamic imports runs.
  const chunkImports = new Map<string, readonly string[]>()
  const loadedWith = (file: string, into = new Set<string>()) => {
    if (into.has(file)) return into
    into.add(file)
    for (const next of chunkImports.get(file) ?? []) loadedWith(next, into)
    return into
  }

  const plugin: Plugin = {
    name: 'chunk-plan',
    apply: 'build',
    buildStart() {
      imports.clear()
      chunkImports.clear()
      members = null
    },
    moduleParsed(info) {
      imports.set(info.id, info.importedIds)
    },
    // Before Vite's own generateBundle, which asks preloadDependencies with the final file names.
    generateBundle: {
      order: 'pre',
      handler(_, bundle) {
        for (const output of Object.values(bundle)) if (output.type === 'chunk') chunkImports.set(output.fileName, output.imports)
      },
    },
  }

  return {
    plugin,
    /** For `build.rolldownOptions.output.codeSplitting.groups`, in the plan's order. */
    groups: [
      // The entry's own chunk by rolldown's tag (a group of the same modules by hand made the entry a facade of it).
      { name: 'index', tags: ['$initial' as const] },
      ...groups.map(group => ({ name: group.name, test: (id: string) => plan().get(group.name)!.has(id) })),
    ],
    /**
     * For `build.modulePreload.resolveDependencies`: a dynamic import preloads its chunk's dependencies except those
     * its own chunk has loaded already (it imports them statically, so they are in memory when the import runs).
     */
    preloadDependencies(_file: string, deps: string[], { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' }): string[] {
      if (hostType !== 'js') return deps
      const loaded = loadedWith(hostId)
      return deps.filter(dep => !loaded.has(dep))
    },
  }
}
