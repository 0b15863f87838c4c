export { createApi, asFailure, failureText, type Api, type ApiDeps, type RequestOptions } from './client'
export { recordingApi } from './recording'
export { SESSION_EXPIRED_CODE, type Envelope, type Failure, type Success, type Page } from './envelope'
