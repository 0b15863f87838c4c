import { useEffect, useState } from 'react'

/** Sets `document.title` while the caller is mounted with this text (and whenever the text changes). */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title) document.title = title
  }, [title])
}

const headingText = () => {
  const h1 = document.querySelector('main h1') ?? document.querySelector('h1')
  const text = h1?.textContent?.replace(/\s+/g, ' ').trim()
  return text ? text : null
}

/**
 * The text of the page's h1 as it is now, following the page as it renders, loads its data and changes
 * language. Every screen already has exactly one h1 naming it in the current language, so pages that the
 * sidebar does not name (a company card, the profile, the sign-in form) need no declaration of their own.
 */
export function usePageHeading(): string | null {
  const [heading, setHeading] = useState<string | null>(null)
  useEffect(() => {
    if (typeof MutationObserver === 'undefined') return
    let frame = 0
    const read = () => {
      frame = 0
      setHeading(headingText())
    }
    read()
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(read)
    })
    observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    return () => {
      observer.disconnect()
      if (frame) cancelAnimationFrame(frame)
    }
  }, [])
  return heading
}
