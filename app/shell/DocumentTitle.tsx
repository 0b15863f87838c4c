import { useMemo } from 'react'
import { useLocation } from 'wouter'
import { useUnit } from 'effector-react'
import { useT } from '../../core/i18n/useT'
import { $installations } from '../../core/plugin/model'
import { useRuntime } from '../../core/react/runtime'
import { composeTitle, sidebarEntryFor } from '../../core/title/pageTitle'
import { usePageHeading, useDocumentTitle } from '../../core/title/useDocumentTitle'

/**
 * "page — product" in the current language, on every page, guest pages included. The page's name is the
 * sidebar's label for its own page (what the plugins declare), otherwise the page's h1, otherwise the label of
 * the sidebar section it lies under; the product's name is the core pack's `appName`.
 */
export default function DocumentTitle() {
  const t = useT()
  const { registry } = useRuntime()
  // The sidebar's entries grow once the rest of the modules are installed.
  const installations = useUnit($installations)
  const [location] = useLocation()
  const heading = usePageHeading()
  const entries = useMemo(() => registry.plugins.flatMap(p => p.sidebar ?? []), [registry, installations])
  const { exact, section } = sidebarEntryFor(entries, location)
  const page = exact ? t(exact.label) : (heading ?? (section ? t(section.label) : null))
  useDocumentTitle(composeTitle(page, t('core:appName')))
  return null
}
