import { useUnit } from 'effector-react'
import { useEffect, useId, useState } from 'react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Spinner } from '../../../core/ui/Spinner'
import { TextField } from '../../../core/ui/TextField'
import type { CompanySearchItem } from '../contract'
import { $search } from '../model'
import { SEARCH_DESCRIPTION_LIMIT } from '../rules/catalogues'

/** SPEC §7/§9: the description line is cut at 60 characters. */
export function cutDescription(text: string, limit = SEARCH_DESCRIPTION_LIMIT): string {
  const chars = Array.from(text)
  return chars.length <= limit ? text : `${chars.slice(0, limit).join('').trimEnd()}…`
}

const Box = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`
const Results = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.md};
  max-height: 320px;
  overflow-y: auto;
`
const Item = styled.button`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 2px;
  width: 100%;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  text-align: start;
  font: inherit;
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.color.surfaceHover};
    outline: none;
  }
`
const Title = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`
const Muted = styled.span`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`
const Status = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`

/**
 * The company search (SPEC §7): each input goes to the search process, which waits briefly and asks the
 * registry, cancelling the earlier request; choosing a result hands its data to the form.
 */
export function CompanySearch({ onChoose }: { onChoose: (item: CompanySearchItem) => void }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const search = useUnit($search)
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const listId = useId()

  useEffect(() => () => void dispatch('clients/clearSearch', {}), [dispatch])

  const type = (value: string) => {
    setText(value)
    setOpen(true)
    void dispatch('clients/searchCompany', { query: value })
  }
  const choose = (item: CompanySearchItem) => {
    onChoose(item)
    setOpen(false)
    setText('')
    void dispatch('clients/clearSearch', {})
  }

  const busy = search.status === 'waiting' || search.status === 'loading'
  const show = open && search.query.length >= 2
  return (
    <Box data-testid="company-search">
      <TextField
        type="search"
        name="company-search"
        label={t('search.label')}
        description={t('search.hint')}
        value={text}
        onChange={type}
        autoComplete="off"
        onKeyDown={e => {
          if (e.key === 'Escape') setOpen(false)
        }}
        suffix={busy ? <Spinner size={16} /> : undefined}
      />
      {show && search.status === 'ready' && search.items.length > 0 && (
        <Results id={listId} aria-label={t('search.results')} data-testid="company-search-results">
          {search.items.map(item => (
            <li key={`${item.inn}-${item.title}`}>
              <Item type="button" onClick={() => choose(item)}>
                <Title>{item.title}</Title>
                <Muted>{cutDescription(item.value)}</Muted>
                <Muted>
                  {t('search.inn', { inn: item.inn })}
                  {item.oked ? ` · ${t('search.oked', { oked: item.oked })}` : ''}
                </Muted>
              </Item>
            </li>
          ))}
        </Results>
      )}
      {show && search.status === 'ready' && search.items.length === 0 && <Status role="status">{t('search.none')}</Status>}
      {show && search.status === 'failed' && <Status role="status">{t('search.failed')}</Status>}
    </Box>
  )
}
