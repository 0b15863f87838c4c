/**
 * The agents module's logic, fetched when its list, an agent or the impersonation banner is first needed, or after
 * sign-in for a role that sees agents (core/plugin/logic.ts): its commands and, imported here, its stores.
 */
import './model'
import { agentsCommands } from './commands'

export const commands = agentsCommands
