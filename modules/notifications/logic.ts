/**
 * The notifications module's logic, fetched after sign-in (every signed-in user has the bell), with the bell or the
 * page, or when one of its commands is dispatched (core/plugin/logic.ts): its commands, the process that keeps the
 * bell fresh and, imported here, the stores. The process hears the sign-in it came after (a late start replays it).
 */
import './model'
import type { Process } from '../../core/plugin/types'
import { notificationCommands } from './commands'
import { notificationsProcess } from './process'

export const commands = notificationCommands
export const processes: Process[] = [notificationsProcess]
