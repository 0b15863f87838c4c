import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Plugin } from '../../core/plugin/types'
import { modules } from '../modules'
import { shellPlugin } from '../shell.plugin'

const ROOT = join(import.meta.dirname, '..', '..')
const plugins: readonly Plugin[] = [shellPlugin, ...modules]

/**
 * Who reads which part of a pack (LocalePack.parts, RouteDef.texts, Widget.texts, usePackPart): each reader's
 * `t('section…')` must find its section in the part — or in the parts always in when it renders (`with`).
 */
const READERS: { plugin: string; part: string; with?: string[]; files: string[] }[] = [
  { plugin: 'account', part: 'login', files: ['modules/account/ui/GuestFrame.tsx'] },
  // The sign-in page's own texts and, in its RestoreFrame, the recovery's (which reads both parts).
  { plugin: 'account', part: 'restore', with: ['login'], files: ['modules/account/ui/LoginPage.tsx', 'modules/account/ui/RestoreForm.tsx'] },
  { plugin: 'account', part: 'certificates', with: ['login'], files: ['modules/account/ui/CertificateSignIn.tsx'] },
  { plugin: 'notifications', part: 'bell', files: ['modules/notifications/ui/Bell.tsx', 'modules/notifications/ui/BellPanel.tsx', 'modules/notifications/ui/NotificationRow.tsx'] },
  { plugin: 'shell', part: 'feedback', with: ['shell'], files: ['app/shell/FeedbackDialog.tsx'] },
]

/** The first segment of every key a file reads in `namespace` (its own `t`, or `namespace:` keys). */
function sectionsRead(file: string, namespace: string): Set<string> {
  const source = readFileSync(join(ROOT, file), 'utf8')
  const found = new Set<string>()
  for (const [, key] of source.matchAll(/\bt\(\s*['`]([^'`$]+)/g)) {
    const [ns, path] = key!.includes(':') ? key!.split(':') : [namespace, key!]
    if (ns === namespace) found.add(path!.split('.')[0]!)
  }
  return found
}

describe('the parts of a pack', () => {
  it('hold every section their readers read', async () => {
    for (const reader of READERS) {
      const plugin = plugins.find(p => p.id === reader.plugin)!
      const loaders = [reader.part, ...(reader.with ?? [])].map(name => (name === 'shell' ? plugin.i18n!.shell! : plugin.i18n!.parts![name]!))
      const have = new Set((await Promise.all(loaders.map(l => l.ru()))).flatMap(m => Object.keys(m.default).map(k => k.replace(/_(zero|one|two|few|many|other)$/, ''))))
      const read = new Set(reader.files.flatMap(file => [...sectionsRead(file, reader.plugin)]))
      expect(read.size, reader.files.join()).toBeGreaterThan(0)
      expect([...read].filter(section => !have.has(section)), `${reader.plugin}:${reader.part}`).toEqual([])
    }
  })
})
