/**
 * The bids lists' logic (core/plugin/logic.ts): fetched with /bids, the company card's bids tab, or after sign-in
 * for a role that lists bids — their load commands and, imported with them, their stores.
 */
import type { CommandHandlers } from '../../../../core/bus/commands'
import { bidsList, companyBidsList, companyChoices } from './model'

export const commands: CommandHandlers = {
  'bids/loadList': bidsList.load,
  'bids/loadCompanyList': companyBidsList.load,
  'bids/loadCompanyChoices': companyChoices.load,
}
