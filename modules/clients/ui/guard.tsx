import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useT } from '../../../core/i18n/useT'
import { useDispatch, useRuntime } from '../../../core/react/runtime'
import { Button } from '../../../core/ui/Button'
import { Dialog } from '../../../core/ui/Dialog'

/**
 * Nothing typed is lost (issue 5 §2): while any form inside has unsaved changes, closing or reloading the tab
 * asks the browser's question (beforeunload), and leaving the page inside the app — a link, the back button,
 * a menu — stops on the form and asks in a dialog. The router is the shell's, so the guard works at the
 * History API level: a new entry (pushState, what links and menus make) or a step back/forward (popstate)
 * is put back to the form's URL until the user says "leave". Replacing the entry (redirects, tab switches)
 * is never stopped, nor is anything after sign-out.
 */
const GuardContext = createContext<(id: string, dirty: boolean) => void>(() => {})

/** Tells the page's guard whether this form has unsaved changes. */
export function useUnsavedChanges(dirty: boolean): void {
  const register = useContext(GuardContext)
  const id = useId()
  useEffect(() => {
    register(id, dirty)
    return () => register(id, false)
  }, [register, id, dirty])
}

const here = () => window.location.pathname + window.location.search

export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const { bus } = useRuntime()
  const dirtyForms = useRef(new Set<string>())
  const [dirty, setDirty] = useState(false)
  const [pending, setPending] = useState<string | null>(null)
  const guarded = useRef<string>(typeof window === 'undefined' ? '' : here())
  const leaving = useRef(false)
  const signedOut = useRef(false)

  const register = useCallback((id: string, isDirty: boolean) => {
    if (isDirty) dirtyForms.current.add(id)
    else dirtyForms.current.delete(id)
    setDirty(dirtyForms.current.size > 0)
  }, [])

  useEffect(() => {
    const sub = bus.on('auth/loggedOut').subscribe(() => (signedOut.current = true))
    return () => sub.unsubscribe()
  }, [bus])

  useEffect(() => {
    if (typeof window === 'undefined') return
    const blocking = () => dirtyForms.current.size > 0 && !leaving.current && !signedOut.current
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!blocking()) return
      e.preventDefault()
      e.returnValue = ''
    }
    const pass = (now: string) => {
      leaving.current = false
      guarded.current = now
    }
    const onPush = () => {
      const now = here()
      if (now === guarded.current) return
      if (!blocking()) return pass(now)
      // Back to the form; wouter hears replaceState and renders it again before anything was committed.
      window.history.replaceState(window.history.state, '', guarded.current)
      setPending(now)
    }
    const onPop = () => {
      const now = here()
      if (now === guarded.current) return
      if (!blocking()) return pass(now)
      window.history.pushState(null, '', guarded.current)
      setPending(now)
    }
    const onReplace = () => {
      guarded.current = here()
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    window.addEventListener('pushState', onPush)
    window.addEventListener('popstate', onPop)
    window.addEventListener('replaceState', onReplace)
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      window.removeEventListener('pushState', onPush)
      window.removeEventListener('popstate', onPop)
      window.removeEventListener('replaceState', onReplace)
    }
  }, [])

  const leave = () => {
    const to = pending
    setPending(null)
    if (!to) return
    leaving.current = true
    void dispatch('app/navigate', { to })
  }

  return (
    <GuardContext.Provider value={register}>
      <div data-unsaved={dirty || undefined}>{children}</div>
      <Dialog
        isOpen={pending !== null}
        onOpenChange={open => !open && setPending(null)}
        title={t('guard.title')}
        role="alertdialog"
        size="sm"
        footer={
          <>
            <Button variant="primary" onPress={() => setPending(null)} data-testid="guard-stay" autoFocus>
              {t('guard.stay')}
            </Button>
            <Button variant="danger" onPress={leave} data-testid="guard-leave">
              {t('guard.leave')}
            </Button>
          </>
        }
      >
        <p>{t('guard.text')}</p>
      </Dialog>
    </GuardContext.Provider>
  )
}
