import { expect, it } from 'vitest'
import { isRead } from './writes'

it('takes a select, a plain explain and a show as reads, and anything else as a write', () => {
  for (const read of ['select 1', '  SELECT * from users', '(select 1) union (select 2)', 'explain (format json) select 1', 'show work_mem']) {
    expect(isRead(read), read).toBe(true)
  }
  for (const write of [
    'update users set role = 1',
    'insert into sessions values (1)',
    'delete from sessions',
    'with gone as (delete from sessions returning id) select id from gone',
    'commit',
    'begin',
    'explain analyze update users set role = 1',
    'explain (analyze, format json) delete from sessions',
    'vacuum analyze',
    'selective_thing()',
  ]) {
    expect(isRead(write), write).toBe(false)
  }
})
