import { fork, type Scope } from 'effector'
import { recordingApi } from '../api/recording'
import { createBus, type Bus } from '../bus/bus'
import { virtualClock, type VirtualClock } from '../bus/clock'
import { createCommandBus, type CommandBus } from '../bus/commands'
import { createI18n } from '../i18n/i18n'
import * as english from '../i18n/locales/en'
import { createRegistry, type Registry } from '../plugin/registry'
import type { Plugin } from '../plugin/types'
import { composeCore } from '../runtime'
import { startSignedInCore } from '../socket/signed-in'
import { connectBusToScope } from './effector'
import { isDerived, type AnyEvent, type Locale } from './map'
import type { LogHeader } from './log'

export interface ReplayContext {
  bus: Bus
  commands: CommandBus
  scope: Scope
  registry: Registry
  clock: VirtualClock
}

export interface ReplayOptions {
  plugins?: readonly Plugin[]
  /** Runs after the core is composed and before the first logged event (extra handlers, spies). */
  setup?: (ctx: ReplayContext) => void
  /** Language of texts the logic makes until the log's `app/started`/`locale/changed` says otherwise (default ru). */
  locale?: Locale
  /** Feed only the logged events up to this time and stop the clock there; `play()` goes on (default: all). */
  until?: number
}

export interface ReplayResult extends ReplayContext {
  header: LogHeader | null
  /** Every event on the bus during the replay: fed-back inputs, re-derived events, recorded effects. */
  events: AnyEvent[]
  /**
   * Goes on to `at` (default: the end of the log): feeds the logged events due by then, firing timers on the way,
   * and leaves the clock at `at` when it is finite. A checkpoint between logged events is `play(t)` then assert.
   */
  play(at?: number): void
  /** Logged events not fed yet. */
  remaining(): number
}

export interface ParsedLog {
  header: LogHeader | null
  events: AnyEvent[]
}

/** JSON Lines → header + events. Blank lines and `//` comment lines are skipped (hand-written scenarios). */
export function parseLog(text: string): ParsedLog {
  let header: LogHeader | null = null
  const events: AnyEvent[] = []
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim()
    if (line === '' || line.startsWith('//')) return
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      throw new Error(`Replay log line ${index + 1} is not JSON: ${line.slice(0, 120)}`)
    }
    const record = value as Partial<LogHeader> & Partial<AnyEvent>
    if (record.kind === 'header') header = record as LogHeader
    else if (typeof record.type === 'string' && typeof record.at === 'number' && typeof record.source === 'string') events.push(record as AnyEvent)
    else throw new Error(`Replay log line ${index + 1} is neither a header nor an event`)
  })
  return { header, events }
}

/**
 * Runs a log through the real logic in a fresh effector scope on a virtual clock: the core and the plugins'
 * commands and processes, no edge adapters (no WebSocket, storage or location; HTTP requests become `effect/http`
 * events and never answer). For each logged event the clock advances to its `at` (firing due timers), then the
 * event is fed back in — unless it is derived (`timer`/`process` source): the logic must derive those again.
 */
export function replayText(text: string, options: ReplayOptions = {}): ReplayResult {
  const { header, events: logged } = parseLog(text)
  const clock = virtualClock(header?.startedAt ?? logged[0]?.at ?? 0)
  const bus = createBus(clock)
  const events: AnyEvent[] = []
  bus.events$.subscribe(e => events.push(e))
  const scope = fork()
  connectBusToScope(bus, scope)
  const commands = createCommandBus({ bus, api: recordingApi(bus) })
  const plugins = options.plugins ?? []
  const registry = createRegistry(plugins)
  // The signed-in logic in place: a replay feeds its events synchronously from the first (the live runtime fetches it).
  composeCore({ bus, commands, scope, registry, i18n: createI18n(options.locale ?? 'ru', { en: english }), getLog: async () => '', signedIn: { start: startSignedInCore } })
  const ctx: ReplayContext = { bus, commands, scope, registry, clock }
  options.setup?.(ctx)

  let cursor = 0
  const play = (at = Infinity) => {
    for (; cursor < logged.length && logged[cursor]!.at <= at; cursor++) {
      const event = logged[cursor]!
      clock.advanceTo(event.at)
      if (isDerived(event)) continue
      bus.inject(event)
    }
    if (Number.isFinite(at)) clock.advanceTo(at)
  }
  play(options.until)
  return { ...ctx, header, events, play, remaining: () => logged.length - cursor }
}

/** `replayText` for a file path (Node only) or the log's text itself. */
export async function replay(fileOrText: string, options: ReplayOptions = {}): Promise<ReplayResult> {
  const isText = fileOrText.includes('\n') || fileOrText.trimStart().startsWith('{')
  if (isText) return replayText(fileOrText, options)
  const fs = await import('node:fs/promises')
  return replayText(await fs.readFile(fileOrText, 'utf8'), options)
}
