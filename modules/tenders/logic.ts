/** The tenders module's logic, fetched with its pages: its commands and, imported with them, its stores. */
import { callListCommands } from './call-list/commands'
import { importCommands } from './import/commands'

export const commands = { ...callListCommands, ...importCommands }
