import { useEffect, useState } from 'react'
import { useT } from '../../../../core/i18n/useT'
import { useDispatch } from '../../../../core/react/runtime'
import { Button } from '../../../../core/ui/Button'
import { Row } from '../../../../core/ui/Stack'
import { TextField } from '../../../../core/ui/TextField'
import type { Page } from '../../../../core/api/envelope'
import type { RemoteState } from '../../../../core/data/remote'
import type { ListQuery } from '../../model'
import { NO_NATIVE_VALIDATION } from '../fields/errors'

const LIMIT = 20

/**
 * What /callers and /sips share: a search applied on submit, paging, loading through their command, and the
 * page count from the server's total.
 */
export function useSearchableList<T>(command: 'callcenter/loadCallers' | 'callcenter/loadSips', state: RemoteState<ListQuery, Page<T>>) {
  const dispatch = useDispatch()
  const [query, setQuery] = useState<ListQuery>({ page: 1, limit: LIMIT, search: '' })
  const load = () => void dispatch(command, query)
  useEffect(load, [dispatch, query]) // eslint-disable-line react-hooks/exhaustive-deps
  const data = state.data
  return {
    query,
    load,
    data,
    items: data?.items ?? [],
    pages: data ? Math.max(1, Math.ceil(data.total / query.limit)) : 1,
    setPage: (page: number) => setQuery(q => ({ ...q, page })),
    search: (search: string) => setQuery(q => ({ ...q, page: 1, search: search.trim() })),
  }
}

/** The search form above a list: typing changes nothing until it is submitted. */
export function SearchBar({ label, onSearch }: { label: string; onSearch: (search: string) => void }) {
  const t = useT('callcenter')
  const [search, setSearch] = useState('')
  return (
    <Row
      as="form"
      {...NO_NATIVE_VALIDATION}
      role="search"
      gap="sm"
      align="flex-end"
      onSubmit={e => {
        e.preventDefault()
        onSearch(search)
      }}
    >
      <TextField type="search" label={label} name="search" value={search} onChange={setSearch} />
      <Button type="submit">{t('admin.find')}</Button>
    </Row>
  )
}
