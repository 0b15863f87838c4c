/** The tasks module's logic, fetched with its pages (and with the "Create task" buttons): its commands and stores. */
import './model'
import { taskCommands } from './commands'

export const commands = taskCommands
