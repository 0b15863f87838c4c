import { createStore } from 'effector'
import { onBus } from '../events/effector'

/** How many times plugins were installed after the start: what reads the registry reads it again when it changes. */
export const $installations = createStore(0).on(onBus('app/modulesInstalled'), n => n + 1)
