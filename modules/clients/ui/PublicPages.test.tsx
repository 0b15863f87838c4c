// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PUBLIC_LINK_EXPIRED_CODE } from '../contract'
import { PublicDocumentsPage } from './PublicPages'
import { testRuntime } from './testRuntime'

afterEach(cleanup)

describe('public pages behind a link', () => {
  it('say an expired link has expired (the 410 envelope), and anything else that the link is not valid', async () => {
    const { wrap } = await testRuntime(req =>
      req.path.includes('expired')
        ? { result: false, message: 'Срок действия ссылки истёк — попросите прислать новую', code: PUBLIC_LINK_EXPIRED_CODE }
        : { result: false, message: 'Не найдено' },
    )
    await act(async () => {
      render(wrap(<PublicDocumentsPage params={{ hash: '1.expired' }} />))
    })
    expect(await screen.findByText('Срок действия ссылки истёк')).toBeTruthy()
    expect(screen.getByText('Срок действия ссылки истёк — попросите прислать новую')).toBeTruthy()
    expect(screen.queryByText('Ссылка недействительна или отозвана')).toBeNull()
    cleanup()

    await act(async () => {
      render(wrap(<PublicDocumentsPage params={{ hash: '2.unknown' }} />))
    })
    expect(await screen.findByText('Ссылка недействительна или отозвана')).toBeTruthy()
    expect(screen.queryByText('Срок действия ссылки истёк')).toBeNull()
  })
})
