import { ApiError } from '../../../server/http/errors'

/** A message of the module's pack (`agents:server.<key>`) as an ApiError. */
export const agentsError = (status: number, key: string, options: { code?: number } = {}) => new ApiError(status, `agents:server.${key}`, options)
