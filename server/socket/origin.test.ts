import { expect, it } from 'vitest'
import { isOriginAllowed } from './origin'

it('allows our own host, configured origins and non-browser clients; refuses the rest', () => {
  expect(isOriginAllowed('http://127.0.0.1:8080', '127.0.0.1:8080', [])).toBe(true)
  expect(isOriginAllowed('https://Cabinet.Example', 'cabinet.example', [])).toBe(true)
  expect(isOriginAllowed(undefined, '127.0.0.1:8080', [])).toBe(true)
  expect(isOriginAllowed('https://cabinet.example', 'internal:8080', ['https://cabinet.example'])).toBe(true)
  expect(isOriginAllowed('http://127.0.0.1:5173', '127.0.0.1:8080', [])).toBe(false)
  expect(isOriginAllowed('https://evil.example', 'cabinet.example', ['https://cabinet.example'])).toBe(false)
  expect(isOriginAllowed('null', 'cabinet.example', [])).toBe(false)
})
