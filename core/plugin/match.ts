import type { RouteDef } from './types'

export interface RouteMatch<R extends Pick<RouteDef, 'path'>> {
  route: R
  params: Record<string, string>
}

const segments = (path: string) => path.split('/').filter(Boolean)

/**
 * Static segments win over parameters at the same position (`/bids/new` before `/bids/:id`), whatever order
 * the modules declared them in.
 */
function specificity(a: string, b: string): number {
  const sa = segments(a)
  const sb = segments(b)
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const pa = sa[i]!.startsWith(':')
    const pb = sb[i]!.startsWith(':')
    if (pa !== pb) return pa ? 1 : -1
  }
  return sb.length - sa.length
}

export function rankRoutes<R extends Pick<RouteDef, 'path'>>(routes: readonly R[]): R[] {
  return [...routes].sort((a, b) => specificity(a.path, b.path))
}

/** The route a location opens, with its decoded parameters; null for the not-found page. */
export function matchPath<R extends Pick<RouteDef, 'path'>>(ranked: readonly R[], location: string): RouteMatch<R> | null {
  const wanted = segments(location.split(/[?#]/)[0] ?? '')
  for (const route of ranked) {
    const pattern = segments(route.path)
    if (pattern.length !== wanted.length) continue
    const params: Record<string, string> = {}
    const ok = pattern.every((part, i) => {
      const value = wanted[i]!
      if (part.startsWith(':')) {
        try {
          params[part.slice(1)] = decodeURIComponent(value)
        } catch {
          return false
        }
        return true
      }
      return part === value
    })
    if (ok) return { route, params }
  }
  return null
}
