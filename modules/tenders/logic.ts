/**
 * The tenders module's logic (core/plugin/logic.ts): fetched with its pages, or after sign-in for the roles that
 * work tenders — the load commands and, imported with them, their stores.
 */
import type { CommandHandlers } from '../../core/bus/commands'
import { callListCommands } from './call-list/commands'
import { importCommands } from './import/commands'
import { kpList } from './ui/kp/model'
import { registryCommands } from './ui/registry/logic'

export const commands: CommandHandlers = {
  ...registryCommands,
  ...callListCommands,
  ...importCommands,
  'tenders/loadKpList': kpList.load,
}
