import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The text of a PDF as poppler's pdftotext reads it (Debian's poppler-utils; scripts/ensure-poppler.sh installs it,
 * scripts/test.sh and scripts/e2e.sh call that). No-break spaces come back as plain ones, so a test can look for
 * "1 234 567,89". Pages are separated by form feeds.
 */
export function pdfText(pdf: Buffer | Uint8Array, options: { layout?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'))
  try {
    const file = join(dir, 'in.pdf')
    writeFileSync(file, pdf)
    try {
      return execFileSync('pdftotext', [...(options.layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('pdftotext is missing: run `bash scripts/ensure-poppler.sh` (Debian poppler-utils)')
      throw error
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** How many pages pdfinfo counts. */
export function pdfPages(pdf: Buffer | Uint8Array): number {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-info-'))
  try {
    const file = join(dir, 'in.pdf')
    writeFileSync(file, pdf)
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
    return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
