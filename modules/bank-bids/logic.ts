/** The bank queue's logic, fetched with /bank-bids or after a bank user signs in: its commands and stores. */
import { bankCommands } from './model'

export const commands = bankCommands
