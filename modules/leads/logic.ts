/** The leads' logic, fetched with its pages: its commands and, imported here, its stores. */
import './model'
import { leadsCommands } from './commands'

export const commands = leadsCommands
