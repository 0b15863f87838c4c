/**
 * The clients module's logic, fetched when one of its pages opens or after sign-in for a role that keeps clients or
 * is one (core/plugin/logic.ts): its commands, its processes and, imported here, the stores that fold their events.
 */
import './model'
import type { Process } from '../../core/plugin/types'
import { clientsCommands } from './commands'
import { completenessAfterSaveProcess, searchProcess } from './process'

export const commands = clientsCommands
export const processes: Process[] = [searchProcess, completenessAfterSaveProcess]
