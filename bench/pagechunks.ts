/**
 * Pages' chunks in the built SPA (gzip), named by their source in dist/.vite/manifest.json. For each page: its own
 * chunk, and its own chunk plus the shared chunks it imports statically that /login does not already load (what
 * opening it fetches on top of the entry). A page not built yet (its branch not merged) is said so. Reported, never
 * asserted.
 *   Issue 11 §5: the bids pages — the wizard (/bids/new, /confirm-bid; goal ≤ 40 KB gz), the bid screen, the list.
 *   Issue 12 §7: the tenders pages (goal ≤ 40 KB gz each).
 *   Issue 14 §2: the split pages (goal ≤ 40 KB gz each).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export const PAGE_GOAL_KB = 40

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
}

export interface PageToWeigh {
  name: string
  src: string
  goalKb?: number
}

export const BID_PAGES: PageToWeigh[] = [
  { name: 'wizard /bids/new', src: 'modules/bids/ui/wizard/NewBidPage.tsx', goalKb: PAGE_GOAL_KB },
  { name: 'wizard /confirm-bid', src: 'modules/bids/ui/wizard/ConfirmBidPage.tsx', goalKb: PAGE_GOAL_KB },
  { name: 'bid screen /bids/{id}', src: 'modules/bids/ui/BidPage.tsx' },
  { name: 'bids list /bids', src: 'modules/bids/ui/list/BidsPage.tsx' },
]

export const TENDER_PAGES: PageToWeigh[] = [
  { name: 'registry /tenders', src: 'modules/tenders/ui/registry/RegistryPage.tsx', goalKb: PAGE_GOAL_KB },
  { name: 'tender /tenders/{id}', src: 'modules/tenders/ui/show/ShowTenderPage.tsx', goalKb: PAGE_GOAL_KB },
  { name: 'offers /tenders-kp', src: 'modules/tenders/ui/kp/KpPage.tsx', goalKb: PAGE_GOAL_KB },
  { name: 'calls /tenders-call-list', src: 'modules/tenders/ui/CallListPage.tsx', goalKb: PAGE_GOAL_KB },
  { name: 'upload /upload', src: 'modules/tenders/ui/UploadPage.tsx', goalKb: PAGE_GOAL_KB },
]

export const SPLIT_PAGES: PageToWeigh[] = [
  { name: 'split bids /split-bids', src: 'modules/split/ui/SplitBidsPage.tsx', goalKb: PAGE_GOAL_KB },
  { name: 'split bid /split-bids/{id}', src: 'modules/split/ui/SplitBidPage.tsx', goalKb: PAGE_GOAL_KB },
  { name: 'split clients /split-clients', src: 'modules/split/ui/SplitClientsPage.tsx', goalKb: PAGE_GOAL_KB },
]

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

export interface PageChunk {
  name: string
  file: string
  own: number
  withImports: number
}

export function reportPageChunks(dist: string, title: string, pages: PageToWeigh[]): PageChunk[] {
  console.log(`\n## ${title} chunks (gzip; goal ≤ ${PAGE_GOAL_KB} KB where marked)`)
  const path = join(dist, '.vite', 'manifest.json')
  if (!existsSync(path)) {
    console.log('  no dist/.vite/manifest.json: build first')
    return []
  }
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file))).length
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into
    into.add(key)
    for (const dep of manifest[key]!.imports ?? []) closure(dep, into)
    return into
  }
  const initial = new Set<string>()
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, initial)
  const out: PageChunk[] = []
  for (const page of pages) {
    const key = Object.keys(manifest).find(k => k === page.src || manifest[k]!.src === page.src)
    if (!key) {
      console.log(`  ${'—'.padStart(10)}  ${page.name.padEnd(24)} not built (${page.src} is not on this branch)`)
      continue
    }
    const own = gz(manifest[key]!.file)
    const extra = [...closure(key)].filter(k => !initial.has(k) && /\.m?js$/.test(manifest[k]!.file))
    const withImports = extra.reduce((sum, k) => sum + gz(manifest[k]!.file), 0)
    const verdict = page.goalKb === undefined ? '' : ` — goal ≤ ${page.goalKb} KB: ${withImports <= page.goalKb * 1024 ? 'within' : 'OVER'} (chunk + shared chunks)`
    console.log(`  ${kb(own).padStart(10)}  ${page.name.padEnd(24)} ${manifest[key]!.file}; with ${extra.length - 1} shared chunks not in /login's load: ${kb(withImports)}${verdict}`)
    out.push({ name: page.name, file: manifest[key]!.file, own, withImports })
  }
  return out
}
