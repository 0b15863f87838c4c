/** The partners module's logic, fetched with its pages: its commands and, imported here, its stores. */
import './model'
import { partnersCommands } from './commands'

export const commands = partnersCommands
