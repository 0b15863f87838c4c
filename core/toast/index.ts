export { showToast, TOAST_TIMEOUT, TOAST_PRESET, type ToastInput, type ToastPresetName } from './toast'
export { $toasts, type ToastItem } from './model'
export { toastProcess } from './process'
export { toastCommands } from './commands'
