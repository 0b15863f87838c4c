import { useMemo } from 'react'
import { useLocation } from 'wouter'
import { useT } from '../../core/i18n/useT'
import { useRuntime } from '../../core/react/runtime'
import { composeTitle, sidebarEntryFor } from '../../core/title/pageTitle'
import { usePageHeading, useDocumentTitle } from '../../core/title/useDocumentTitle'

/**
 * "page — product" in the current language, on every page, guest pages included. The page's name is the
 * sidebar's label for its own page (what the plugins declare), otherwise the page's h1, otherwise the label of
 * the sidebar section it lies under; the product's name is the shell pack's `appName`.
 */
export default function DocumentTitle() {
  const t = useT()
  const { registry, i18n } = useRuntime()
  const [location] = useLocation()
  const heading = usePageHeading()
  const entries = useMemo(() => registry.plugins.flatMap(p => p.sidebar ?? []), [registry])
  const { exact, section } = sidebarEntryFor(entries, location)
  const page = exact ? t(exact.label) : (heading ?? (section ? t(section.label) : null))
  // Until the shell's pack has arrived, index.html's own title stays.
  const product = i18n.exists('shell:appName') ? t('shell:appName') : null
  useDocumentTitle(product && composeTitle(page, product))
  return null
}
