import { createRoot } from 'react-dom/client'
import { preloadHttp } from '../core/api/client'
import { browserStorage, STORAGE_KEY } from '../core/auth/storage'
import { browserLocation, createRuntime } from '../core/runtime'
import { App } from './App'
import { everyModule, firstModules } from './first-load'

const runtime = createRuntime({ plugins: firstModules, rest: everyModule, location: browserLocation() })

// A stored session shows the shell (sidebar, header): its chunk comes while the profile is asked for, and the HTTP
// client's before that request (a guest gets it with the first request the sign-in form sends).
if (browserStorage().getItem(STORAGE_KEY.token)) {
  void preloadHttp().catch(() => undefined)
  void import('./shell/Layout').catch(() => undefined)
}

// Namespaces load before the first render, so no screen flashes untranslated keys.
void runtime.start().then(() => {
  createRoot(document.getElementById('root')!).render(<App runtime={runtime} />)
})
