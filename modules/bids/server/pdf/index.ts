export { renderApplication, renderQuestionnaire } from './render'
export { formatDate, formatDateTime, formatSum } from './format'
export type * from './types'
