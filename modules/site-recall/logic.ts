/** The site callbacks' logic, fetched with its page: its commands and, imported here, its stores. */
import './model'
import { siteRecallCommands } from './commands'

export const commands = siteRecallCommands
