import type { Bus } from '../bus/bus'
import type { Api } from './client'

/**
 * The Api of a replay: the network is not there, so a request is recorded as an `effect/http` event and never
 * answers. What the server answered in the recorded session is in the log as `api` events, fed back in.
 */
export function recordingApi(bus: Bus): Api {
  const record = (method: string, path: string, body?: unknown) => {
    bus.emit('effect/http', { method, path: path.replace(/^\/+/, ''), ...(body !== undefined ? { body } : {}) }, 'replay')
    return new Promise<never>(() => {})
  }
  return {
    get: path => record('GET', path),
    post: (path, body) => record('POST', path, body),
    upload: (path, _file, name) => record('POST', path, { file: name }),
    download: path => record('GET', path),
  }
}
