/**
 * Hands a file the API client downloaded (`api.download`) to the browser as a download: the edge of the export
 * and document-download commands. Nowhere to hand it (a replay in Node): nothing happens.
 */
export function saveBlob(blob: Blob, name: string): void {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.rel = 'noopener'
  a.style.display = 'none'
  document.body.appendChild(a)
  a.click()
  a.remove()
  // The click starts the download asynchronously; revoke once it surely has the bytes.
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}
