/**
 * The call center's logic, fetched when one of its pages or the call panel is first needed, after sign-in for a
 * role that reaches it (a SIP profile, the call-center administrators and managers), or when another module
 * dispatches `callcenter/dial` (core/plugin/logic.ts): its commands, the softphone process and, imported here, the
 * stores. The softphone's fold catches up with the session it started into from `plugin/logicStarted`.
 */
import './model'
import type { Process } from '../../core/plugin/types'
import { callcenterCommands } from './commands'
import { softphoneProcess } from './process'

export const commands = callcenterCommands
export const processes: Process[] = [softphoneProcess]
