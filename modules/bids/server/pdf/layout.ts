import { readFileSync } from 'node:fs'
import PDFDocument from 'pdfkit'

/**
 * A small page writer over pdfkit: a title, sections of label/value rows whose long values wrap (and flow onto the
 * next page when longer than a page), paragraphs, page breaks that keep a heading with its first row, and a footer
 * with page numbers written once the page count is known. Every glyph comes from the DejaVu Sans fonts shipped in
 * ./fonts (their licence beside them), so Cyrillic renders the same on any machine.
 */

const FONT_DIR = new URL('./fonts/', import.meta.url)
let fonts: { regular: Buffer; bold: Buffer } | null = null
function loadFonts() {
  fonts ??= {
    regular: readFileSync(new URL('DejaVuSans.ttf', FONT_DIR)),
    bold: readFileSync(new URL('DejaVuSans-Bold.ttf', FONT_DIR)),
  }
  return fonts
}

const MARGIN = 50
const FOOTER_GAP = 24
const LABEL_SHARE = 0.38
const GUTTER = 12
const BODY_SIZE = 9.5
const LINE_GAP = 1.5
const ROW_GAP = 4

export interface Row {
  label: string
  value: string | null | undefined
}

export interface PdfMeta {
  title: string
  author: string
  createdAt: Date
  lang: string
}

export class PdfWriter {
  private readonly doc: PDFKit.PDFDocument
  private readonly chunks: Buffer[] = []
  private readonly done: Promise<Buffer>

  constructor(meta: PdfMeta) {
    const { regular, bold } = loadFonts()
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_GAP },
      bufferPages: true,
      lang: meta.lang,
      displayTitle: true,
      info: { Title: meta.title, Author: meta.author, Creator: meta.author, Producer: meta.author, CreationDate: meta.createdAt, ModDate: meta.createdAt },
    })
    this.doc.registerFont('regular', regular)
    this.doc.registerFont('bold', bold)
    this.doc.font('regular').fontSize(BODY_SIZE)
    this.done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk))
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)))
      this.doc.on('error', reject)
    })
  }

  private get left() {
    return this.doc.page.margins.left
  }
  private get width() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right
  }
  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom
  }
  private get contentHeight() {
    return this.bottom - this.doc.page.margins.top
  }

  /** A new page unless `height` more points fit on this one. */
  private ensure(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage()
  }

  title(text: string, subtitle?: string): void {
    this.doc.font('bold').fontSize(16).text(text, this.left, this.doc.y, { width: this.width, align: 'center' })
    if (subtitle) this.doc.font('regular').fontSize(11).text(subtitle, this.left, this.doc.y + 2, { width: this.width, align: 'center' })
    this.doc.font('regular').fontSize(BODY_SIZE)
    this.doc.y += 14
  }

  /** A section heading with a rule; kept on the page of the first row that follows. */
  section(text: string): void {
    this.doc.font('bold').fontSize(11.5)
    const height = this.doc.heightOfString(text, { width: this.width })
    this.ensure(height + 8 + 2 * BODY_SIZE + ROW_GAP)
    this.doc.y += 6
    this.doc.text(text, this.left, this.doc.y, { width: this.width })
    const y = this.doc.y + 2
    this.doc.moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(0.6).strokeColor('#8a94a6').stroke()
    this.doc.y = y + 5
    this.doc.font('regular').fontSize(BODY_SIZE)
  }

  /** Label/value rows; rows without a value are left out. */
  rows(rows: readonly Row[]): void {
    for (const row of rows) if (row.value !== null && row.value !== undefined && row.value !== '') this.row(row.label, row.value)
  }

  row(label: string, value: string): void {
    const labelWidth = Math.round(this.width * LABEL_SHARE)
    const valueWidth = this.width - labelWidth - GUTTER
    const options = { lineGap: LINE_GAP }
    this.doc.font('bold').fontSize(BODY_SIZE)
    const labelHeight = this.doc.heightOfString(label, { width: labelWidth, ...options })
    this.doc.font('regular')
    const valueHeight = this.doc.heightOfString(value, { width: valueWidth, ...options })
    const height = Math.max(labelHeight, valueHeight)
    // A row that fits on a page starts on the page where it ends; a longer one starts here (when a few lines fit) and flows on.
    this.ensure(height <= this.contentHeight ? height : 4 * BODY_SIZE)
    const top = this.doc.y
    const startPage = this.pageIndex()
    this.doc.font('bold').fillColor('#4a5568').text(label, this.left, top, { width: labelWidth, ...options })
    const labelEnd = this.doc.y
    this.doc.font('regular').fillColor('#000000').text(value, this.left + labelWidth + GUTTER, top, { width: valueWidth, ...options })
    const valueEnd = this.doc.y
    this.doc.y = (this.pageIndex() === startPage ? Math.max(labelEnd, valueEnd) : valueEnd) + ROW_GAP
    this.doc.x = this.left
  }

  paragraph(text: string, size = BODY_SIZE): void {
    this.doc.font('regular').fontSize(size)
    this.ensure(Math.min(this.doc.heightOfString(text, { width: this.width }), 3 * size))
    this.doc.y += 4
    this.doc.text(text, this.left, this.doc.y, { width: this.width, align: 'justify', lineGap: LINE_GAP })
    this.doc.y += 4
    this.doc.fontSize(BODY_SIZE)
  }

  /** Lines for a handwritten signature, kept together on one page. */
  signature(lines: readonly string[]): void {
    this.ensure(lines.length * 2.4 * BODY_SIZE + 24)
    this.doc.y += 18
    for (const line of lines) {
      this.doc.font('regular').fontSize(BODY_SIZE).text(line, this.left, this.doc.y, { width: this.width })
      this.doc.y += BODY_SIZE
    }
  }

  private pageIndex(): number {
    const range = this.doc.bufferedPageRange()
    return range.start + range.count - 1
  }

  /** Writes the footer on every page (`footer(page, pages)`) and ends the document. */
  async finish(footer: (page: number, pages: number) => string): Promise<Buffer> {
    const range = this.doc.bufferedPageRange()
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i)
      // The footer sits in the bottom margin: lift the margin while writing so pdfkit does not add a page.
      const margin = this.doc.page.margins.bottom
      this.doc.page.margins.bottom = 0
      this.doc
        .font('regular')
        .fontSize(8)
        .fillColor('#4a5568')
        .text(footer(i - range.start + 1, range.count), this.left, this.doc.page.height - MARGIN, { width: this.width, align: 'center', lineBreak: false })
      this.doc.page.margins.bottom = margin
    }
    this.doc.end()
    return this.done
  }
}
