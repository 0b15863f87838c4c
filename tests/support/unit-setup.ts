// Screens under test open their dialogs at once, as they did before the dialog's code became a lazy chunk
// (core/ui/Dialog.tsx); the browser suite covers the first open that fetches it.
import { preloadDialog } from '../../core/ui/Dialog'

await preloadDialog()
