import { asFailure } from '../../../core/api/client'
import type { CommandHandlers } from '../../../core/bus/commands'
import { importApi, type TenderImport } from './contract'
import { importHistory } from './model'

declare module '../../../core/bus/commands' {
  interface CommandMap {
    /** Upload a tender file (CSV or XLSX) with progress; the history reloads after. */
    'tenders/uploadImport': { file: File }
    'tenders/loadImports': Record<string, never>
  }
}

/** Progress is reported in steps of at least 1 % (plus the end), not on every network callback. */
const PROGRESS_STEP = 0.01

export const importCommands: CommandHandlers = {
  'tenders/loadImports': importHistory.load,
  'tenders/uploadImport': async ({ file }, ctx) => {
    ctx.bus.emit('tenders/importStarted', { name: file.name, size: file.size }, ctx.source)
    let reported = 0
    try {
      const record = await ctx.api.upload<TenderImport>(importApi.upload, file, file.name, {
        quiet: true,
        onProgress(loaded, total) {
          const share = total > 0 ? loaded / total : 0
          if (share - reported < PROGRESS_STEP && share < 1) return
          reported = share
          ctx.bus.emit('tenders/importProgressed', { loaded, total }, 'api')
        },
      })
      ctx.bus.emit('tenders/importFinished', { record }, 'api')
    } catch (error) {
      ctx.bus.emit('tenders/importFailed', { failure: asFailure(error) }, 'api')
    }
    await ctx.dispatch('tenders/loadImports', {})
  },
}
