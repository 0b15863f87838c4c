import { asFailure } from '../../../core/api/client'
import { saveBlob } from '../../../core/api/save-blob'
import type { CommandHandlers } from '../../../core/bus/commands'
import { callListApi } from './contract'
import { callList, filterParams, type CallListRequest } from './model'

declare module '../../../core/bus/commands' {
  interface CommandMap {
    /** GET the call list into `callList` (a newer query aborts the older one). */
    'tenders/loadCallList': CallListRequest
    /** GET the XLSX of the same filters and hand it to the browser. */
    'tenders/exportCallList': Omit<CallListRequest, 'cursor'>
  }
}

export const callListCommands: CommandHandlers = {
  'tenders/loadCallList': callList.load,
  'tenders/exportCallList': async (filter, ctx) => {
    ctx.bus.emit('tenders/callExportStarted', {}, ctx.source)
    try {
      const { blob, name } = await ctx.api.download(callListApi.export, { searchParams: filterParams(filter), quiet: true })
      const fileName = name ?? 'tender-calls.xlsx'
      saveBlob(blob, fileName)
      ctx.bus.emit('tenders/callExportFinished', { name: fileName, size: blob.size }, 'api')
    } catch (error) {
      ctx.bus.emit('tenders/callExportFailed', { failure: asFailure(error) }, 'api')
    }
  },
}
