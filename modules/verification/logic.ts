/** The verifier queue's logic, fetched with /verificator or after a verifier signs in: its load command and store. */
import type { CommandHandlers } from '../../core/bus/commands'
import { verifierQueue } from './model'

export const commands: CommandHandlers = { 'verification/loadQueue': verifierQueue.load }
