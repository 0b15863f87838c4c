import { useUnit } from 'effector-react'
import { Suspense, useEffect, useRef, type ReactNode } from 'react'
import { useLocation, useSearch } from 'wouter'
import { $authStatus, $hasToken, $profile } from '../../core/auth/model'
import { decideRoute } from '../../core/auth/route'
import type { CommandId } from '../../core/bus/commands'
import { loadAtNavigation } from '../../core/data/loadOnce'
import { matchPath } from '../../core/plugin/match'
import { $installations } from '../../core/plugin/model'
import { useT } from '../../core/i18n/useT'
import type { LazyComponent, PageProps } from '../../core/plugin/types'
import { useRuntime } from '../../core/react/runtime'
import type { Runtime } from '../../core/runtime'
import { GlobalLoader } from '../../core/ui/GlobalLoader'
import { lazyPage } from './lazyPage'
import { PageArea } from './PageArea'
import { PageBoundary } from './PageBoundary'
import { PageError, reloadApp } from './PageError'
import { useRouteLoad } from './useRouteLoad'

// The shell (sidebar, header, menus, dialogs) is a chunk of its own: the login page never loads it. It shows the
// labels of every module the role can reach, so it renders once the shell's part of their locale packs is in too
// (fetched together).
const layoutLoaders = new WeakMap<Runtime, LazyComponent<{ children: ReactNode }>>()
function layoutLoader(runtime: Runtime): LazyComponent<{ children: ReactNode }> {
  let loader = layoutLoaders.get(runtime)
  if (!loader) {
    loader = () => {
      const profile = runtime.scope.getState($profile)
      const packs = profile ? runtime.packs.need(runtime.registry.pluginsFor(profile), undefined, 'shell') : null
      return Promise.all([import('../shell/Layout'), packs]).then(([module]) => module)
    }
    layoutLoaders.set(runtime, loader)
  }
  return loader
}
// Rare, so not in the first load either.
const loadNotFound = () => import('../shell/NotFound').then(m => ({ default: m.NotFound }))

// The first load knows only a guest's pages (app/main.tsx): a session, or a page it does not know, waits for the
// other modules as for a page's chunk — the same loader, and the same failure with its retry.
const installed = () => null
const restLoaders = new WeakMap<Runtime, LazyComponent<PageProps>>()
function restLoader(runtime: Runtime): LazyComponent<PageProps> {
  let loader = restLoaders.get(runtime)
  if (!loader) {
    loader = () => runtime.registry.installRest().then(() => ({ default: installed }))
    restLoaders.set(runtime, loader)
  }
  return loader
}

/** Every location goes through decideRoute (SPEC §2) before a page renders; pages are lazy chunks. */
export function AppRoutes() {
  const runtime = useRuntime()
  const t = useT()
  const [location] = useLocation()
  const search = useSearch()
  const path = search ? `${location}?${search}` : location
  const { status, hasToken, profile } = useUnit({ status: $authStatus, hasToken: $hasToken, profile: $profile })
  // Read the registry again once the rest of the modules are installed.
  useUnit($installations)
  const registry = runtime.registry
  const match = matchPath(registry.routes, location)
  const route = match?.route
  const waitsForModules = !registry.complete && (!route || (hasToken && route.access !== 'public'))
  // SPEC §2 drops the session of a signed-in user who *opens* /login or /register; signing in on /login
  // gives the same page a token without a new arrival, and must not be undone.
  const arrivedAt = useRef<string | null>(null)
  const freshArrival = arrivedAt.current !== path
  useEffect(() => {
    arrivedAt.current = path
  }, [path])
  const raw = decideRoute({ path, isPublic: !route || route.access === 'public', authStatus: status, hasToken, access: route?.access, profile })
  const decision = waitsForModules || (raw.dropToken && !freshArrival) ? {} : raw
  const acts = Boolean(decision.redirect || decision.remember || decision.dropToken)

  useEffect(() => {
    if (acts) void runtime.dispatch('auth/applyRoute', decision, 'ui')
    // The decision is a pure function of these; re-run only when one of them changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [acts, path, decision.redirect, decision.remember, decision.dropToken])

  // The page's data is asked for now, as navigation starts, while its chunk (and locale pack) are still on the way;
  // the page's own load of the same query is then skipped (core/data/loadOnce.ts).
  const opensPage = status === 'success' && profile !== null && !acts && !decision.pending && !decision.forbidden
  const load = useRouteLoad(opensPage ? route?.load : undefined)
  const request = load ? load.request({ params: match?.params ?? {}, search }) : null
  const requestKey = request ? JSON.stringify(request) : null
  useEffect(() => {
    if (!requestKey) return
    const { command, payload } = JSON.parse(requestKey) as { command: CommandId; payload: never }
    loadAtNavigation(runtime, command, payload)
  }, [runtime, requestKey])

  // The page's chunk and its module's locale pack (the registry's page loader asks for both) start now too, with the
  // shell's: the page renders inside the Layout, so its own import would otherwise wait for the Layout's chunk and
  // every pack of the role (signing in) — one step after the other. Going back to a loaded page costs nothing.
  const preload = opensPage && route && route.access !== 'public' ? route.page : null
  useEffect(() => {
    if (preload) void preload().catch(() => undefined)
  }, [preload])

  if (waitsForModules) return <PageArea page={restLoader(runtime)} params={{}} resetKey="modules" />
  if (acts || decision.pending) return <GlobalLoader variant="screen" aria-label={t('loading')} />

  const signedIn = status === 'success' && profile !== null
  let content: ReactNode
  if (!route || decision.forbidden) content = <PageArea page={loadNotFound} params={{}} resetKey={location} />
  else content = <PageArea page={route.page} params={match.params} resetKey={location} />

  const bare = !signedIn || route?.bare === true
  if (bare) return content
  // Without its own chunk there is no shell to keep: the failure takes the screen, with the same reload and retry.
  const Layout = lazyPage(layoutLoader(runtime), runtime.bus)
  return (
    <PageBoundary resetKey="shell" fallback={(retry, error) => <PageError error={error} onRetry={retry} onReload={reloadApp} />}>
      <Suspense fallback={<GlobalLoader variant="screen" aria-label={t('loading')} />}>
        <Layout>{content}</Layout>
      </Suspense>
    </PageBoundary>
  )
}
