export { SESSION_ACTION, type SocketMessage, type ToastAction } from './message'
export { parseSocketFrame, parseToastAction, type ParseResult } from './parse'
export {
  $socketStatus,
  $socketAttempt,
  $socketGaveUp,
  $socketRetrying,
  $socketNotice,
  $socketErrors,
  $lastSeq,
  type SocketStatus,
  type SocketErrorEntry,
} from './model'
export { socketProcess, RECONNECT_DELAY, MAX_RECONNECTS, CLOSE_SESSION_ENDED } from './process'
export { sessionProcess, IDLE_TIMEOUT, WAKE_UP_DELAY } from './session'
export { socketCommands } from './commands'
export { attachSocketAdapter, attachActivityAdapter, browserSocket, type WebSocketLike, type SocketFactory } from './adapter'
export { SOCKET_RESUME, resumeMessageSchema, resumeUrl } from './resume'
