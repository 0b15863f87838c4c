import { describe, expect, it } from 'vitest'
import type { TaskItem } from '../contract'
import { addMonths, calendarRange, moveFocus, stepAnchor, tasksByDay, weekday } from './calendar'

const task = (id: number, date_from: string, date_to: string, time = '15:00'): TaskItem => ({
  id,
  type: 10,
  name: `Задача ${id}`,
  status: 10,
  date_from,
  date_to,
  time,
  author: null,
  responsible: { id: 1, full_name: 'Иван' },
  created_at: '2026-11-01T00:00:00Z',
})

describe('task calendar dates', () => {
  it('shows whole weeks from Monday around a month', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const range = calendarRange('month', '2026-11-24')
    expect(range.from).toBe('2026-10-26')
    expect(range.to).toBe('2026-12-06')
    expect(range.weeks).toHaveLength(6)
    expect(range.weeks.every(w => w.length === 7 && weekday(w[0]!) === 0)).toBe(true)
    // February 2027 starts on a Monday and ends on a Sunday: exactly four weeks.
    expect(calendarRange('month', '2027-02-10').weeks).toHaveLength(4)
  })

  it('shows the week of the day, Monday to Sunday', () => {
    expect(calendarRange('week', '2026-11-29')).toMatchObject({ from: '2026-11-23', to: '2026-11-29' })
    expect(calendarRange('week', '2026-11-30')).toMatchObject({ from: '2026-11-30', to: '2026-12-06' })
  })

  it('steps by months keeping the day where the month has it, and by weeks', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28')
    expect(stepAnchor('month', '2026-12-15', 1)).toBe('2027-01-15')
    expect(stepAnchor('week', '2026-12-29', 1)).toBe('2027-01-05')
  })

  it('puts a task on every day of its range inside the shown days, by time', () => {
    const days = tasksByDay([task(1, '2026-11-20', '2026-11-24', '16:00'), task(2, '2026-11-24', '2026-11-24', '09:30')], '2026-11-23', '2026-11-29')
    expect(days.get('2026-11-22')).toBeUndefined()
    expect(days.get('2026-11-23')?.map(t => t.id)).toEqual([1])
    expect(days.get('2026-11-24')?.map(t => t.id)).toEqual([2, 1])
    expect(days.get('2026-11-25')).toBeUndefined()
  })

  it('moves the focused day with the keys of a date grid', () => {
    expect(moveFocus('month', '2026-11-24', 'ArrowRight')).toBe('2026-11-25')
    expect(moveFocus('month', '2026-11-24', 'ArrowUp')).toBe('2026-11-17')
    expect(moveFocus('month', '2026-11-24', 'Home')).toBe('2026-11-23')
    expect(moveFocus('month', '2026-11-24', 'End')).toBe('2026-11-29')
    expect(moveFocus('month', '2026-11-24', 'PageDown')).toBe('2026-12-24')
    expect(moveFocus('week', '2026-11-24', 'PageDown')).toBe('2026-12-01')
    expect(moveFocus('month', '2026-11-24', 'a')).toBeNull()
  })
})
