import { Provider } from 'effector-react'
import { createContext, useCallback, useContext, type ReactNode } from 'react'
import type { CommandId, CommandMap } from '../bus/commands'
import type { Runtime } from '../runtime'

const RuntimeContext = createContext<Runtime | null>(null)

/** Gives pages the runtime and its effector scope (STYLE: always a Scope, never global state). */
export function RuntimeProvider({ runtime, children }: { runtime: Runtime; children: ReactNode }) {
  return (
    <RuntimeContext.Provider value={runtime}>
      <Provider value={runtime.scope}>{children}</Provider>
    </RuntimeContext.Provider>
  )
}

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext)
  if (!runtime) throw new Error('useRuntime() outside <RuntimeProvider>')
  return runtime
}

/** UI speaks to the app only through commands: `const dispatch = useDispatch(); dispatch('auth/logout', {})`. */
export function useDispatch() {
  const runtime = useRuntime()
  return useCallback(<C extends CommandId>(id: C, payload: CommandMap[C]) => runtime.dispatch(id, payload, 'ui'), [runtime])
}
