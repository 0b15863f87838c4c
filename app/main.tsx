import { createRoot } from 'react-dom/client'
import { browserLocation, createRuntime } from '../core/runtime'
import { App } from './App'
import { modules } from './modules'
import { shellPlugin } from './shell.plugin'

const runtime = createRuntime({ plugins: [shellPlugin, ...modules], location: browserLocation() })

// Namespaces load before the first render, so no screen flashes untranslated keys.
void runtime.start().then(() => {
  createRoot(document.getElementById('root')!).render(<App runtime={runtime} />)
})
