import { expect, it } from 'vitest'
import { createPasswordHasher } from './password'

it('hashes with a random salt, verifies, and keeps old parameters verifiable', async () => {
  const weak = createPasswordHasher({ N: 1024 })
  const a = await weak.hash('пароль-1')
  const b = await weak.hash('пароль-1')
  expect(a).not.toBe(b)
  expect(await weak.verify('пароль-1', a)).toBe(true)
  expect(await weak.verify('пароль-2', a)).toBe(false)
  expect(await weak.verify('пароль-1', 'garbage')).toBe(false)
  // A server started with a higher N still accepts hashes made with the old one.
  expect(await createPasswordHasher({ N: 2048 }).verify('пароль-1', a)).toBe(true)
  await expect(weak.verifyNothing('x')).resolves.toBeUndefined()
})

it('handles the OWASP strength (N=2^17) within the raised memory limit', async () => {
  const strong = createPasswordHasher({ N: 2 ** 17 })
  const hash = await strong.hash('demo123')
  expect(hash.startsWith('scrypt$131072$8$1$')).toBe(true)
  expect(await strong.verify('demo123', hash)).toBe(true)
})
