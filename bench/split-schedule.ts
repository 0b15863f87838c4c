/**
 * Issue 14 §2: the split bid's payment schedule (modules/split/schedule.ts) for a 360-month daily-payout bid —
 * 10 957 rows of exact kopeck arithmetic — computed, and turned into the API's JSON, repeatedly; prints the median
 * and p95 per schedule. Pure CPU, no server: `npx tsx bench/split-schedule.ts` alone or section 12 of `npm run bench`.
 */
import { computeSchedule, PAYOUT, scheduleToJson } from '../modules/split/schedule'

const INPUT = { amount: 123_456_789_00n, percent: 1875n, bonus: 125n, term: 360, payout: PAYOUT.daily, start: '2025-01-31' } as const

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

export function reportSplitSchedule(runs = 50): void {
  console.log('\n## Split payment schedule: 360 months, daily payout (modules/split/schedule.ts)')
  for (let i = 0; i < 5; i++) scheduleToJson(computeSchedule(INPUT)) // warm-up
  const compute: number[] = []
  const json: number[] = []
  let rows = 0
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    const s = computeSchedule(INPUT)
    const t1 = performance.now()
    rows = scheduleToJson(s).rows.length
    const t2 = performance.now()
    compute.push(t1 - t0)
    json.push(t2 - t0)
  }
  compute.sort((a, b) => a - b)
  json.sort((a, b) => a - b)
  const ms = (x: number) => `${x.toFixed(2)} ms`
  console.log(`  ${rows} rows; compute median ${ms(percentile(compute, 50))}, p95 ${ms(percentile(compute, 95))}; with JSON median ${ms(percentile(json, 50))}, p95 ${ms(percentile(json, 95))} (${runs} runs)`)
}

if (import.meta.url === `file://${process.argv[1]}`) reportSplitSchedule()
