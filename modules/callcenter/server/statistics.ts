import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { scopeWhere } from '../../../server/access/scope'
import { currentActor } from '../../../server/auth/require-user'
import { users } from '../../../server/db/schema'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { parseBody } from '../../../server/http/validate'
import { CALL_DIRECTION, CALLER_ROLES, addDays, isoDateIn, statisticsQuery, type CallStatistics, type CallStatisticsRow } from '../contract'
import { phoneCalls } from '../tables'
import { canSeeCallStatistics, employeeScope } from '../access'
import type { CallCenterSettings } from './settings'
import { startOfDay } from './time'

const DEFAULT_DAYS = 7

/**
 * GET v1/call-center/statistics?from=yyyy-mm-dd&to=yyyy-mm-dd&min_seconds=N[&user_id=]: calls and talk time
 * per employee and day (days in the call center's time zone), for 35, 100 and 160 within their scope.
 * `calls` counts every call; `conversations` and `talk_time` only those longer than `min_seconds`
 * (SPEC §9; default CALLCENTER_MIN_TALK_SECONDS, 10). Default range: the last 7 days up to today.
 */
export function statisticsRoutes(app: FastifyInstance, deps: ServerDeps, settings: CallCenterSettings): void {
  const { db, clock } = deps

  app.get('/call-center/statistics', { preHandler: app.requireUser(canSeeCallStatistics) }, async request => {
    const actor = currentActor(request)
    const query = parseBody(statisticsQuery, request.query ?? {})
    const zone = settings.timeZone
    const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_DAYS - 1) : isoDateIn(zone, clock.now()))
    const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1))
    const minSeconds = query.min_seconds ?? settings.minTalkSeconds
    const days: string[] = []
    for (let d = from; d <= to; d = addDays(d, 1)) days.push(d)

    // Whose calls count: the employees the actor sees (employeeScope), one of them when `user_id` says so.
    const userScope: SQL[] = [scopeWhere(db, actor, employeeScope, { employee: users.id })]
    if (query.user_id !== undefined) userScope.push(eq(users.id, query.user_id))

    const start = startOfDay(from, zone)
    const end = startOfDay(addDays(to, 1), zone)
    const day = sql<string>`to_char(${phoneCalls.created_at} at time zone ${zone}, 'YYYY-MM-DD')`
    const longer = sql`${phoneCalls.time} > ${minSeconds}`
    const result = await db.execute<{ user_id: number; day: string; calls: number; outgoing: number; incoming: number; conversations: number; talk_time: number }>(sql`
      select ${phoneCalls.user_id} as user_id,
             ${day} as day,
             count(*)::int as calls,
             (count(*) filter (where ${phoneCalls.direction} = ${CALL_DIRECTION.outgoing}))::int as outgoing,
             (count(*) filter (where ${phoneCalls.direction} <> ${CALL_DIRECTION.outgoing}))::int as incoming,
             (count(*) filter (where ${longer}))::int as conversations,
             coalesce(sum(${phoneCalls.time}) filter (where ${longer}), 0)::int as talk_time
        from ${phoneCalls}
        join ${users} on ${users.id} = ${phoneCalls.user_id}
       where ${phoneCalls.created_at} >= ${start.toISOString()}::timestamptz and ${phoneCalls.created_at} < ${end.toISOString()}::timestamptz
         ${userScope.length ? sql`and ${and(...userScope)}` : sql``}
       group by 1, 2
       order by 2, 1`)
    const rows: CallStatisticsRow[] = (result as unknown as { rows: CallStatisticsRow[] }).rows.map(r => ({
      user_id: Number(r.user_id),
      day: r.day,
      calls: Number(r.calls),
      outgoing: Number(r.outgoing),
      incoming: Number(r.incoming),
      conversations: Number(r.conversations),
      talk_time: Number(r.talk_time),
    }))

    // Every employee in scope, with or without calls, plus anyone else who made calls in the range.
    const callerIds = [...new Set(rows.map(r => r.user_id))]
    const people = await db
      .select({ id: users.id, full_name: users.full_name, role: users.role, office_id: users.office_id })
      .from(users)
      .where(and(...userScope, or(inArray(users.role, [...CALLER_ROLES]), ...(callerIds.length ? [inArray(users.id, callerIds)] : []))))
      .orderBy(asc(users.full_name), asc(users.id))
    const employees = people.map(p => {
      const mine = rows.filter(r => r.user_id === p.id)
      const sum = (key: 'calls' | 'conversations' | 'talk_time') => mine.reduce((n, r) => n + r[key], 0)
      return { user_id: p.id, full_name: p.full_name, role: p.role, office_id: p.office_id, calls: sum('calls'), conversations: sum('conversations'), talk_time: sum('talk_time') }
    })
    const totals = {
      calls: rows.reduce((n, r) => n + r.calls, 0),
      conversations: rows.reduce((n, r) => n + r.conversations, 0),
      talk_time: rows.reduce((n, r) => n + r.talk_time, 0),
    }
    return ok<CallStatistics>({ from, to, min_seconds: minSeconds, days, employees, rows, totals })
  })
}
