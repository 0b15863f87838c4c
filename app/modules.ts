/**
 * The one file that lists the product's modules (VS Code's workbench.main habit):
 * the core never imports a module; the shell reads only what these plugins declare.
 */
import account from '../modules/account'
import agents from '../modules/agents'
import bankBids from '../modules/bank-bids'
import bids from '../modules/bids'
import callcenter from '../modules/callcenter'
import clients from '../modules/clients'
import invest from '../modules/invest'
import leads from '../modules/leads'
import notifications from '../modules/notifications'
import partners from '../modules/partners'
import siteRecall from '../modules/site-recall'
import sms from '../modules/sms'
import split from '../modules/split'
import tasks from '../modules/tasks'
import tenders from '../modules/tenders'
import verification from '../modules/verification'
import type { Plugin } from '../core/plugin/types'

export const modules: readonly Plugin[] = [
  account,
  clients,
  agents,
  bids,
  verification,
  bankBids,
  tenders,
  tasks,
  callcenter,
  invest,
  split,
  leads,
  siteRecall,
  sms,
  partners,
  notifications,
]
