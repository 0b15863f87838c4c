/** The registry's commands (part of the module's logic, ../../logic.ts): its loads, favourite, take, the stored filter. */
import type { CommandHandlers } from '../../../../core/bus/commands'
import { TOAST_PRESET } from '../../../../core/toast/toast'
import { TENDERS_API, type TenderTaker } from '../../contract'
import type { TenderFilter } from '../../registry'
import { registryList, registryMore } from './model'

export const registryCommands: CommandHandlers = {
  'tenders/loadRegistry': registryList.load,
  'tenders/loadMore': registryMore.load,

  'tenders/toggleFavourite': async ({ id }, ctx) => {
    try {
      const { favourite } = await ctx.api.post<{ favourite: boolean }>(TENDERS_API.favourite(id), {}, { quiet: true })
      ctx.bus.emit('tenders/favouriteChanged', { id, favourite }, 'api')
      ctx.toast(favourite ? { ...TOAST_PRESET.favouriteOn, text: 'tenders:registry.favouriteOn' } : { ...TOAST_PRESET.favouriteOff, text: 'tenders:registry.favouriteOff' })
    } catch {
      ctx.toast({ ...TOAST_PRESET.favouriteError, text: 'tenders:registry.favouriteError' })
    }
  },

  // Not quiet: a tender someone else took answers 409 with "in work by …", shown as the error toast (SPEC §8); the
  // list is read again so the row says whose it is.
  'tenders/take': async ({ id }, ctx) => {
    const taken = await ctx.api.post<{ taken_by: TenderTaker }>(TENDERS_API.take(id), {}).catch((failure: unknown) => {
      ctx.bus.emit('tenders/takeRefused', { id }, 'api')
      throw failure
    })
    ctx.bus.emit('tenders/taken', { id, taken_by: taken.taken_by }, 'api')
    ctx.toast({ kind: 'success', text: 'tenders:registry.taken' })
  },

  // The stored filter is a convenience: failing to keep it never bothers the user.
  'tenders/saveFilter': async (filter, ctx) => {
    await ctx.api.post(TENDERS_API.filter, filter, { quiet: true }).catch(() => {})
  },

  'tenders/restoreFilter': async (_, ctx) => {
    const stored = await ctx.api.get<{ filter: TenderFilter }>(TENDERS_API.filter, { quiet: true }).catch(() => null)
    const query = new URLSearchParams(Object.entries(stored?.filter ?? {}).filter(([, value]) => typeof value === 'string' && value !== '') as [string, string][])
    if (query.size > 0) await ctx.dispatch('app/navigate', { to: `/tenders?${query}`, replace: true })
  },
}
