import { Subscription } from 'rxjs'
import type { Bus } from '../bus/bus'
import type { EventMap } from '../events/map'
import type { SipOriginator } from './events'
import { icePolicyFor, keepLoopbackCandidates, type IcePolicy } from './sdp'

/*
 * Edge adapter: the only code that touches JsSIP. It follows the logic's `sip/…Requested` events and reports what
 * the user agent and its call sessions do as `sip/…` events (source `sip`). It decides nothing: when to register,
 * whom to call, what a failure means — all of that is the logic's, which a replay runs without this file.
 *
 * JsSIP (≈ 54 KB gzip) is imported only when the first start is requested, so a user without a SIP code never
 * downloads it: it is a lazy chunk of its own.
 */

/* What the adapter uses of JsSIP, structurally (tests pass a fake). */
type Listener = (event: never) => void
export interface SipEmitter {
  on(event: string, listener: Listener): unknown
}
export interface SipSessionLike extends SipEmitter {
  readonly connection?: RTCPeerConnection | null
  readonly remote_identity?: { uri?: { user?: string | null } | null; display_name?: string | null } | null
  answer(options?: object): void
  terminate(options?: object): void
  sendDTMF(tones: string, options?: object): void
  mute(options?: object): void
  unmute(options?: object): void
  hold(options?: object): boolean
  unhold(options?: object): boolean
  refer(target: string, options?: object): void
}
export interface SipUaLike extends SipEmitter {
  start(): void
  stop(): void
  call(target: string, options?: object): SipSessionLike
}
export interface JsSipLike {
  UA: new (configuration: Record<string, unknown>) => SipUaLike
  WebSocketInterface: new (url: string) => unknown
}

export const loadJsSip = (): Promise<JsSipLike> => import('jssip').then(m => ((m as { default?: unknown }).default ?? m) as unknown as JsSipLike)

export interface SipAdapterOptions {
  bus: Bus
  /** How JsSIP is loaded (default: the lazy `jssip` chunk). */
  load?: () => Promise<JsSipLike>
  /** ICE servers for calls (default none: loopback and LAN; a deployment behind NAT passes its STUN/TURN). */
  iceServers?: RTCIceServer[]
  /** ICE candidates offered (default: loopback-only when the SIP server is on loopback, else all). */
  icePolicy?: IcePolicy
  /** Where the remote party is heard (default: a hidden <audio> appended to the document; null: nowhere). */
  createAudio?: () => HTMLAudioElement | null
  /** JsSIP's reconnect back-off in seconds (its defaults are 2 and 30). */
  recovery?: { min: number; max: number }
}

/** Incoming calls have no ref of the logic's; they are `in-1`, `in-2`, … */
const INCOMING_PREFIX = 'in-'
const AUDIO = { audio: true, video: false } as const

interface DisconnectEvent {
  code?: number
  error?: boolean
  reason?: string
}
interface ResponseEvent {
  cause?: string
  response?: { status_code?: number } | null
  message?: { status_code?: number } | null
}

function defaultAudio(): HTMLAudioElement | null {
  if (typeof document === 'undefined') return null
  const audio = document.createElement('audio')
  audio.autoplay = true
  audio.hidden = true
  audio.dataset.sip = 'remote-audio'
  document.body.appendChild(audio)
  return audio
}

/** A User Timing mark (DevTools' performance panel, the dial-latency bench); nothing where there is no API. */
export const mark = (name: string) => void globalThis.performance?.mark?.(name)

const statusOf = (e: ResponseEvent | undefined): number | null => e?.response?.status_code ?? e?.message?.status_code ?? null
const originatorOf = (value: unknown): SipOriginator => (value === 'local' || value === 'remote' ? value : 'system')
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

export function attachSipAdapter(options: SipAdapterOptions): Subscription {
  const { bus } = options
  const load = options.load ?? loadJsSip
  const createAudio = options.createAudio ?? defaultAudio
  const recovery = options.recovery ?? { min: 2, max: 10 }

  /** Bumped whenever the UA is replaced or stopped: events of an old UA are dropped. */
  let generation = 0
  let ua: SipUaLike | null = null
  /** `ws_url|code` of the UA that exists or is being created. */
  let current: string | null = null
  let domain = ''
  let icePolicy: IcePolicy = 'all'
  let incoming = 0
  const sessions = new Map<string, SipSessionLike>()
  let audio: HTMLAudioElement | null = null
  const hooked = new WeakSet<object>()

  const emit = <T extends keyof EventMap>(gen: number, type: T, payload: EventMap[T]) => {
    if (gen === generation) bus.emit(type, payload, 'sip')
  }
  const pcConfig = () => ({ iceServers: options.iceServers ?? [] })

  const hear = (pc: RTCPeerConnection | null | undefined) => {
    if (!pc || hooked.has(pc)) return
    hooked.add(pc)
    pc.addEventListener('track', (e: RTCTrackEvent) => {
      audio ??= createAudio()
      if (!audio) return
      audio.srcObject = e.streams[0] ?? new MediaStream([e.track])
      void audio.play?.()?.catch?.(() => undefined)
    })
  }

  const watchSession = (gen: number, id: string, session: SipSessionLike) => {
    sessions.set(id, session)
    const on = (event: string, listener: (e: never) => void) => session.on(event, listener as Listener)
    const done = () => {
      sessions.delete(id)
      if (audio && sessions.size === 0) audio.srcObject = null
    }
    hear(session.connection)
    on('peerconnection', (e: { peerconnection?: RTCPeerConnection }) => hear(e.peerconnection))
    on('sdp', (e: { originator?: string; sdp: string }) => {
      if (e.originator === 'local' && icePolicy === 'loopback') e.sdp = keepLoopbackCandidates(e.sdp)
    })
    on('connecting', () => emit(gen, 'sip/callConnecting', { id }))
    on('progress', (e: ResponseEvent & { originator?: string }) => emit(gen, 'sip/callProgress', { id, status: statusOf(e) }))
    on('accepted', () => emit(gen, 'sip/callAccepted', { id }))
    on('confirmed', () => {
      mark('sip/callConfirmed')
      emit(gen, 'sip/callConfirmed', { id })
    })
    on('ended', (e: ResponseEvent & { originator?: string }) => {
      done()
      emit(gen, 'sip/callEnded', { id, originator: originatorOf(e.originator), cause: e.cause ?? 'Terminated' })
    })
    on('failed', (e: ResponseEvent & { originator?: string }) => {
      done()
      emit(gen, 'sip/callFailed', { id, originator: originatorOf(e.originator), cause: e.cause ?? 'Failed', status: statusOf(e) })
    })
    on('newDTMF', (e: { originator?: string; dtmf?: { tone?: string } }) =>
      emit(gen, 'sip/dtmf', { id, tone: String(e.dtmf?.tone ?? ''), originator: originatorOf(e.originator) }),
    )
    on('muted', () => emit(gen, 'sip/muteChanged', { id, muted: true }))
    on('unmuted', () => emit(gen, 'sip/muteChanged', { id, muted: false }))
    on('hold', (e: { originator?: string }) => emit(gen, 'sip/holdChanged', { id, held: true, originator: originatorOf(e.originator) }))
    on('unhold', (e: { originator?: string }) => emit(gen, 'sip/holdChanged', { id, held: false, originator: originatorOf(e.originator) }))
    // Being transferred by the other side is not supported: one call at a time, each one the logic asked for.
    on('refer', (e: { reject?: (o?: object) => void }) => e.reject?.({ status_code: 603 }))
  }

  const stop = () => {
    generation += 1
    const old = ua
    ua = null
    current = null
    sessions.clear()
    if (old) {
      try {
        old.stop()
      } catch {
        // already stopped
      }
      bus.emit('sip/stopped', {}, 'sip')
    }
  }

  const start = ({ ws_url, code, password }: EventMap['sip/startRequested']) => {
    const key = `${ws_url}|${code}`
    if (current === key) return // exists or is loading: the 1 s re-check asks again until it exists
    stop()
    current = key
    const gen = generation
    icePolicy = options.icePolicy ?? icePolicyFor(ws_url)
    try {
      domain = new URL(ws_url).hostname
    } catch {
      domain = ''
    }
    load().then(
      JsSIP => {
        if (gen !== generation) return
        let created: SipUaLike
        try {
          created = new JsSIP.UA({
            sockets: [new JsSIP.WebSocketInterface(ws_url)],
            uri: `sip:${code}@${domain}`,
            password,
            register: true,
            session_timers: false,
            connection_recovery_min_interval: recovery.min,
            connection_recovery_max_interval: recovery.max,
          })
        } catch (error) {
          current = null
          emit(gen, 'sip/loadFailed', { message: messageOf(error) })
          return
        }
        ua = created
        const on = (event: string, listener: (e: never) => void) => created.on(event, listener as Listener)
        on('connecting', (e: { attempts?: number }) => emit(gen, 'sip/connecting', { attempt: e.attempts ?? 0 }))
        on('connected', () => emit(gen, 'sip/connected', {}))
        on('disconnected', (e: DisconnectEvent) =>
          emit(gen, 'sip/disconnected', { code: e.code ?? null, error: Boolean(e.error), reason: e.reason || null }),
        )
        on('registered', () => emit(gen, 'sip/registered', {}))
        on('unregistered', (e: ResponseEvent) => emit(gen, 'sip/unregistered', { cause: e?.cause ?? null }))
        on('registrationFailed', (e: ResponseEvent) => emit(gen, 'sip/registrationFailed', { cause: e.cause ?? 'Failed', status: statusOf(e) }))
        on('newRTCSession', (e: { originator?: string; session: SipSessionLike }) => {
          if (e.originator !== 'remote') return // ours: watched where it was made (callRequested)
          const id = `${INCOMING_PREFIX}${++incoming}`
          watchSession(gen, id, e.session)
          const identity = e.session.remote_identity
          emit(gen, 'sip/newSession', { id, direction: 'incoming', remote: identity?.uri?.user ?? '', displayName: identity?.display_name || null })
        })
        emit(gen, 'sip/uaCreated', { code })
        created.start()
      },
      error => {
        if (gen !== generation) return
        current = null
        emit(gen, 'sip/loadFailed', { message: messageOf(error) })
      },
    )
  }

  const act = (id: string, what: (session: SipSessionLike) => void) => {
    const session = sessions.get(id)
    if (!session) return
    try {
      what(session)
    } catch (error) {
      bus.emit('sip/error', { id, message: messageOf(error) }, 'sip')
    }
  }

  const sub = new Subscription()
  sub.add(bus.on('sip/startRequested').subscribe(e => start(e.payload)))
  sub.add(bus.on('sip/stopRequested').subscribe(stop))
  sub.add(
    bus.on('sip/callRequested').subscribe(({ payload: { ref, target } }) => {
      if (!ua) {
        bus.emit('sip/callFailed', { id: ref, originator: 'system', cause: 'Phone not ready', status: null }, 'sip')
        return
      }
      let session: SipSessionLike
      mark('sip/callRequested')
      try {
        session = ua.call(target, {
          mediaConstraints: AUDIO,
          rtcOfferConstraints: { offerToReceiveAudio: true, offerToReceiveVideo: false },
          pcConfig: pcConfig(),
        })
      } catch (error) {
        bus.emit('sip/callFailed', { id: ref, originator: 'system', cause: messageOf(error), status: null }, 'sip')
        return
      }
      // call() returns before the session's first event ('connecting' comes from a promise): nothing is missed.
      watchSession(generation, ref, session)
      bus.emit('sip/newSession', { id: ref, direction: 'outgoing', remote: target, displayName: null }, 'sip')
    }),
  )
  sub.add(bus.on('sip/answerRequested').subscribe(({ payload: { id } }) => act(id, s => s.answer({ mediaConstraints: AUDIO, pcConfig: pcConfig() }))))
  sub.add(
    bus.on('sip/terminateRequested').subscribe(({ payload: { id, status } }) =>
      act(id, s => s.terminate(status ? { status_code: status } : undefined)),
    ),
  )
  sub.add(bus.on('sip/dtmfRequested').subscribe(({ payload: { id, tone } }) => act(id, s => s.sendDTMF(tone))))
  sub.add(bus.on('sip/muteRequested').subscribe(({ payload: { id, muted } }) => act(id, s => (muted ? s.mute({ audio: true }) : s.unmute({ audio: true })))))
  sub.add(bus.on('sip/holdRequested').subscribe(({ payload: { id, held } }) => act(id, s => void (held ? s.hold() : s.unhold()))))
  sub.add(
    bus.on('sip/transferRequested').subscribe(({ payload: { id, target } }) => {
      const gen = generation
      act(id, s =>
        s.refer(target, {
          eventHandlers: {
            accepted: () => emit(gen, 'sip/transferAccepted', { id }),
            failed: (e: ResponseEvent) => emit(gen, 'sip/transferFailed', { id, cause: e?.cause ?? String(statusOf(e) ?? 'Failed') }),
            requestFailed: (e: ResponseEvent) => emit(gen, 'sip/transferFailed', { id, cause: e?.cause ?? String(statusOf(e) ?? 'Failed') }),
          },
        }),
      )
    }),
  )
  sub.add(() => {
    stop()
    audio?.remove()
    audio = null
  })
  bus.emit('sip/adapterReady', {}, 'sip')
  return sub
}
