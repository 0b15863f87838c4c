import { expect, it } from 'vitest'
import { isOriginAllowed } from './origin'

it('allows our configured origins and non-browser clients; refuses the rest', () => {
  const ours = ['http://127.0.0.1:8080', 'https://cabinet.example']
  expect(isOriginAllowed('http://127.0.0.1:8080', ours)).toBe(true)
  expect(isOriginAllowed('https://Cabinet.Example', ours)).toBe(true)
  expect(isOriginAllowed(undefined, ours)).toBe(true)
  expect(isOriginAllowed('http://127.0.0.1:5173', ours)).toBe(false)
  expect(isOriginAllowed('https://evil.example', ours)).toBe(false)
  expect(isOriginAllowed('null', [...ours, 'null'])).toBe(false)
  expect(isOriginAllowed('not a url', ours)).toBe(false)
})
