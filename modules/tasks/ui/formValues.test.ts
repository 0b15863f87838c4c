import { describe, expect, it } from 'vitest'
import { newTaskValues, toggled, validate } from './formValues'

const TODAY = '2026-11-24'

describe('the task form', () => {
  it('starts tomorrow at 15:00 with the link it was opened for', () => {
    expect(newTaskValues(TODAY, { responsibleId: 7, link: { kind: 'client', id: 3 }, name: 'Позвонить' })).toMatchObject({
      date_from: '25.11.2026',
      date_to: '25.11.2026',
      time: '15:00',
      responsible_id: '7',
      links: [{ kind: 'client', id: 3 }],
      name: 'Позвонить',
      remind_email: false,
    })
  })

  it('checks with the contract: required name and responsible, the end not before the start, the start from today', () => {
    const values = { ...newTaskValues(TODAY), date_from: '23.11.2026', date_to: '22.11.2026' }
    const result = validate(values, TODAY, null)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors).toMatchObject({
      name: 'validation:required',
      responsible_id: 'validation:required',
      date_to: 'tasks:validation.dateToBeforeFrom',
      date_from: 'tasks:validation.dateBeforeToday',
    })
  })

  it('refuses a date after 2100-01-01 and an e-mail reminder without a reminder is simply off', () => {
    const late = validate({ ...newTaskValues(TODAY, { responsibleId: 1, name: 'x' }), date_to: '02.01.2100' }, TODAY, null)
    expect(late.ok ? null : late.errors.date_to).toBe('tasks:validation.dateMax')
    const mail = validate({ ...newTaskValues(TODAY, { responsibleId: 1, name: 'x' }), remind_email: true }, TODAY, null)
    expect(mail.ok && mail.output.remind_email).toBe(false)
  })

  it('sends typed dd.mm.yyyy dates as yyyy-mm-dd and refuses an unfinished or impossible one', () => {
    const base = newTaskValues(TODAY, { responsibleId: 1, name: 'x' })
    const ok = validate({ ...base, date_from: '01.12.2026', date_to: '31.12.2026' }, TODAY, null)
    expect(ok.ok && [ok.output.date_from, ok.output.date_to]).toEqual(['2026-12-01', '2026-12-31'])
    const bad = validate({ ...base, date_from: '31.02.2026', date_to: '01.1' }, TODAY, null)
    expect(bad.ok ? null : [bad.errors.date_from, bad.errors.date_to]).toEqual(['validation:invalid', 'validation:invalid'])
  })

  it('keeps an unmoved past start of an existing task, and ticks reminders in order', () => {
    const old = { ...newTaskValues(TODAY, { responsibleId: 1, name: 'x' }), date_from: '01.11.2026', date_to: '30.11.2026' }
    expect(validate(old, TODAY, old).ok).toBe(true)
    expect(toggled(toggled([30], 5, true), 180, true)).toEqual([5, 30, 180])
    expect(toggled([5, 30], 5, false)).toEqual([30])
  })
})
