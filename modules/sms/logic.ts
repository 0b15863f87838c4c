/** The SMS module's logic, fetched with its page: its commands and, imported here, its stores. */
import './model'
import { smsCommands } from './commands'

export const commands = smsCommands
