// Lazy chunks a screen under test would otherwise wait for on its first use — the dialog's code (core/ui/Dialog.tsx)
// and the HTTP client's (core/api/client.ts) — are in before the tests, so screens behave as they did when both were
// in the first load; the browser suite covers the first open and the first request that fetch them.
import { preloadHttp } from '../../core/api/client'
import { preloadDialog } from '../../core/ui/Dialog'

await Promise.all([preloadDialog(), preloadHttp()])
