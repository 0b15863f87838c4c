import { useUnit } from 'effector-react'
import { useEffect, useRef } from 'react'
import { useDispatch } from '../../../core/react/runtime'
import { sections, type SectionData, type SectionKey } from '../remotes'
import { shownFor, type Shown } from './shown'

/** One section of the company card as the screen shows it (never another company's data), and its retry. */
export function useSection<K extends SectionKey>(companyId: number, section: K): { state: Shown<SectionData[K]>; retry: () => void } {
  const dispatch = useDispatch()
  const state = useUnit(sections[section].$state)
  return {
    state: shownFor(state, q => q.companyId === companyId),
    retry: () => void dispatch('clients/loadSection', { companyId, section }),
  }
}

/** Opens the company card: forgets failed removals shown before and (re)loads the company itself. */
export function useCompany(companyId: number): { state: Shown<SectionData['company']>; retry: () => void } {
  const dispatch = useDispatch()
  useEffect(() => {
    void dispatch('clients/openCompany', { companyId })
    void dispatch('clients/loadSection', { companyId, section: 'company' })
  }, [dispatch, companyId])
  return useSection(companyId, 'company')
}

/**
 * Loads the sections a tab needs, each once while the card is open (a retry button reloads a failed one). What an
 * earlier visit of the same company loaded stays on screen while it reloads.
 */
export function useSections(companyId: number, needed: readonly SectionKey[]): void {
  const dispatch = useDispatch()
  const asked = useRef<{ companyId: number; sections: Set<SectionKey> }>({ companyId, sections: new Set() })
  const key = needed.join(',')
  useEffect(() => {
    if (asked.current.companyId !== companyId) asked.current = { companyId, sections: new Set() }
    for (const section of needed) {
      if (asked.current.sections.has(section)) continue
      asked.current.sections.add(section)
      void dispatch('clients/loadSection', { companyId, section })
    }
    // Only a newly needed section or another company triggers loading.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, companyId, key])
}
