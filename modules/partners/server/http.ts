import { ApiError } from '../../../server/http/errors'

/** A message of the module's pack (`partners:server.<key>`) as an ApiError. */
export const partnersError = (status: number, key: string) => new ApiError(status, `partners:server.${key}`)
