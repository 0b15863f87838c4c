import fc from 'fast-check'
import type * as v from 'valibot'

/**
 * Values for the fuzz suite: shaped by a valibot schema (what the endpoint expects, so requests get past the
 * first check and deep into the handler) and outside it (what an attacker or a broken client sends).
 */

type AnySchema = v.GenericSchema & { type: string; pipe?: readonly { type: string; kind?: string; requirement?: unknown }[] } & Record<string, unknown>

/** Strings shaped like the values of our forms (the clients' fields take `unknown` and check inside). */
const formLike = fc.oneof(
  fc.constantFrom('', ' ', 'Иванов Иван', 'ООО "Ромашка"', '7701234567', '770123456789', '1027700132195', '044525225', '40702810900000000001',
    '+7 (700) 100-00-10', '77001000010', '2024-01-31', '31.01.2024', 'a@b.ru', 'https://example.com', '123456', '12 34', '643', '10', '1', '0'),
  fc.stringMatching(/^\d{1,15}$/),
  fc.string({ maxLength: 30 }),
)

const plainNumber = fc.oneof(fc.integer({ min: -5, max: 2000 }), fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }))

/**
 * A value of the schema's shape (not necessarily valid: checks inside pipes are only partly followed). With
 * `spoiled`, any leaf may instead be a value just outside its type (a NUL in a string, a number past a column),
 * which is how a request with one bad field among good ones is made.
 */
export function shaped(schema: v.GenericSchema, depth = 0, spoiled = false): fc.Arbitrary<unknown> {
  const leaf = shapedLeaf(schema, depth, spoiled)
  if (!spoiled || leaf.nested) return leaf.arbitrary
  return fc.oneof({ weight: 3, arbitrary: leaf.arbitrary }, { weight: 1, arbitrary: leaf.bad })
}

function shapedLeaf(schema: v.GenericSchema, depth: number, spoiled: boolean): { arbitrary: fc.Arbitrary<unknown>; bad: fc.Arbitrary<unknown>; nested?: boolean } {
  const s = schema as AnySchema
  const nested = (arbitrary: fc.Arbitrary<unknown>) => ({ arbitrary, bad: arbitrary, nested: true })
  const leaf = (arbitrary: fc.Arbitrary<unknown>, bad: fc.Arbitrary<unknown> = hostile) => ({ arbitrary, bad })
  if (depth > 6) return leaf(fc.constant(null))
  const next = (inner: unknown) => shaped(inner as v.GenericSchema, depth + 1, spoiled)
  const pipe = s.pipe ?? []
  switch (s.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object':
    case 'object_with_rest': {
      const entries = s.entries as Record<string, v.GenericSchema>
      const model = Object.fromEntries(Object.entries(entries).map(([key, value]) => [key, next(value)]))
      return nested(fc.oneof({ weight: 3, arbitrary: fc.record(model) }, { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) }))
    }
    case 'string': {
      const regex = pipe.find(a => a.type === 'regex')?.requirement
      if (regex instanceof RegExp) return leaf(fc.oneof(fc.stringMatching(regex, { size: 'small' }), formLike), badString)
      if (pipe.some(a => a.type === 'email')) return leaf(fc.oneof(fc.emailAddress(), formLike), badString)
      return leaf(formLike, badString)
    }
    case 'number': {
      const min = pipe.find(a => a.type === 'min_value')?.requirement
      const max = pipe.find(a => a.type === 'max_value')?.requirement
      if (typeof min === 'number' && typeof max === 'number' && max - min < 1e7) return leaf(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), hugeNumber)
      return leaf(pipe.some(a => a.type === 'integer') ? fc.integer({ min: 0, max: 2000 }) : plainNumber, hugeNumber)
    }
    case 'boolean':
      return leaf(fc.boolean())
    case 'literal':
      return leaf(fc.constant(s.literal))
    case 'picklist':
    case 'enum':
      return leaf(fc.constantFrom(...((s.options as readonly unknown[]).length ? (s.options as readonly unknown[]) : [null])), fc.oneof(badString, hugeNumber))
    case 'optional':
    case 'exact_optional':
      return nested(fc.option(next(s.wrapped), { nil: undefined, freq: 4 }))
    case 'nullable':
    case 'nullish':
      return nested(fc.option(next(s.wrapped), { nil: null, freq: 4 }))
    case 'array':
      return nested(fc.array(next(s.item), { maxLength: 4 }))
    case 'union':
    case 'variant':
      return nested(fc.oneof(...(s.options as v.GenericSchema[]).map(next)))
    case 'record':
      return nested(fc.dictionary(fc.string({ maxLength: 8 }), next(s.value), { maxKeys: 3 }))
    default:
      // unknown / any / custom: the clients' fields read anything a form may hold.
      return leaf(fc.oneof(formLike, plainNumber, fc.constant(null)), fc.oneof(badString, hugeNumber))
  }
}

/** A character below space (other than tab and line breaks) or DEL: Postgres refuses NUL, and no form needs them. */
const otherControl = fc.constantFrom('\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f')

export const controlChar = fc.oneof({ weight: 2, arbitrary: fc.constant('\u0000') }, { weight: 1, arbitrary: otherControl })

export const withControl: fc.Arbitrary<string> = fc.tuple(fc.string({ maxLength: 8 }), controlChar, fc.string({ maxLength: 8 })).map(([a, c, b]) => a + c + b)

/** Numbers just past what a column holds, or that JavaScript rounds, or that are no integer. */
export const hugeNumber = fc.constantFrom(2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 32, 2 ** 53 + 2, 1e15, 1e16, 1e21, 1e308, -1e308, 1.5, -1, 0, 5e-324, -0)

const wrongType = fc.constantFrom<unknown>(null, true, false, [], {}, '', ' ', '1e308', '2147483648', '0x10', 'NaN', 'Infinity', '-0', '99999999999999999999', [1, 2], { a: 1 })

/** Nested arrays or objects 20–400 levels deep. */
const deep = fc.tuple(fc.integer({ min: 20, max: 400 }), fc.boolean()).map(([n, asArray]) => {
  let value: unknown = 1
  for (let i = 0; i < n; i++) value = asArray ? [value] : { a: value }
  return value
})

const long = fc.tuple(fc.constantFrom(256, 1_001, 10_000, 300_000), fc.constantFrom('a', 'я', '9', '😀', ' ')).map(([n, c]) => c.repeat(n))

const unicode = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('\ud800', 'a\udfffb', '\u202e\u200b', '\ufeff', 'ǅ', '𝕏', '\u0301'),
)

/** Objects that carry prototype keys (as parsed JSON does: own properties, not the prototype). */
const prototypeKeys = fc.constantFrom('{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"prototype":1,"hasOwnProperty":"x"}').map(text => JSON.parse(text) as unknown)

/** A string just outside a string field: a control character, very long, odd unicode, a number's text. */
const badString: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(null).chain(() => withControl) },
  { weight: 1, arbitrary: fc.constant(null).chain(() => long) },
  { weight: 1, arbitrary: fc.constant(null).chain(() => unicode) },
  { weight: 1, arbitrary: fc.constantFrom('1e308', '2147483648', '-1', '99999999999999999999') },
)

/** Anything outside a schema. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(withControl, hugeNumber, wrongType, deep, long, unicode, prototypeKeys)

/** A body: of the schema's shape, the shape with one field replaced or one prototype key added, or nothing like it. */
export function body(schema: v.GenericSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(hostile, fc.dictionary(fc.string({ maxLength: 10 }), hostile, { maxKeys: 4 }), fc.constant({}))
  const valid = shaped(schema)
  const spoiled = shaped(schema, 0, true)
  const withPrototype = fc.tuple(valid, prototypeKeys).map(([value, proto]) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.assign(JSON.parse(JSON.stringify(value)) as object, proto) : proto,
  )
  return fc.oneof({ weight: 2, arbitrary: valid }, { weight: 6, arbitrary: spoiled }, { weight: 1, arbitrary: withPrototype }, { weight: 1, arbitrary: hostile })
}

/** encodeURIComponent, with a lone surrogate (which it refuses) as the bytes of one: invalid UTF-8 in the URL. */
export function encode(text: string): string {
  return Array.from(text, ch => (/^[\ud800-\udfff]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('')
}

/**
 * A query string (without `?`): the schema's keys with values of their shape and, most often, exactly one of them
 * outside it (so the bad value is what reaches the handler), several bad ones, or a malformed string.
 */
export function query(schema: v.GenericSchema | undefined): fc.Arbitrary<string> {
  const entries = (schema as AnySchema | undefined)?.entries as Record<string, v.GenericSchema> | undefined
  const keys = entries ? Object.keys(entries) : ['q', 'page', 'limit', 'search', 'id']
  const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value) ?? '')
  const good = (key: string) => (entries?.[key] ? shaped(entries[key]).map(text) : formLike)
  const bad = fc.oneof(
    { weight: 3, arbitrary: withControl },
    { weight: 1, arbitrary: hugeNumber.map(String) },
    { weight: 1, arbitrary: wrongType.map(text) },
    { weight: 1, arbitrary: unicode },
    { weight: 1, arbitrary: long.map(s => s.slice(0, 3000)) },
  )
  const pair = (key: string, value: string) => `${encode(key)}=${encode(value)}`
  const goodPairs = fc.subarray(keys).chain(chosen => fc.tuple(...chosen.map(key => good(key).map(value => pair(key, value)))))
  const oneBad = fc.tuple(goodPairs, fc.constantFrom(...keys), bad).map(([pairs, key, value]) => [...pairs.filter(p => !p.startsWith(`${encode(key)}=`)), pair(key, value)])
  const manyBad = fc.array(fc.constantFrom(...keys).chain(key => fc.oneof(good(key), bad).map(value => pair(key, value))), { maxLength: 5 })
  const malformed = fc.constantFrom('%', '%zz', 'q=%E0%A4%A', 'page[]=1&page[]=2', 'q=1&q=2', '__proto__[admin]=1', 'constructor=1', '=&&=', 'q', 'limit=-1', 'page=0')
  return fc.oneof(
    { weight: 2, arbitrary: goodPairs.map(p => p.join('&')) },
    { weight: 5, arbitrary: oneBad.map(p => p.join('&')) },
    { weight: 2, arbitrary: manyBad.map(p => p.join('&')) },
    { weight: 1, arbitrary: malformed },
  )
}

/** A path parameter: an id that exists (`known`), or one that cannot. */
export function pathParam(known: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(known) },
    {
      weight: 2,
      arbitrary: fc.constantFrom('0', '-1', '2147483647', '2147483648', '4294967296', '1e308', '1.5', '99999999999999999999', 'abc', '%00', '%01', '%7F', '%F0%9F%98%80', '%D0%AF', 'a%2Fb', '..', ' ', '0x1', encodeURIComponent('1\u0000')),
    },
  )
}

/** Request headers besides authorization: languages, content types, forwarded addresses. */
export const headers: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'accept-language': fc.constantFrom('en', 'ru', 'en-US,en;q=0.9', '*', 'xx', ';q=', 'ru;q=abc,,,', 'a'.repeat(2000)),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', '::1', '999.999.999.999', ''),
    'user-agent': fc.string({ maxLength: 40 }).map(s => s.replace(/[^\x20-\x7e]/g, '')),
  },
  { requiredKeys: [] },
)

/** Every leaf of a JSON value with its path. */
function leaves(value: unknown, path: (string | number)[] = [], out: { path: (string | number)[]; value: unknown }[] = []) {
  if (typeof value === 'object' && value !== null && path.length < 8) {
    for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) leaves(item, [...path, key], out)
  } else out.push({ path, value })
  return out
}

function replaced(value: unknown, path: readonly (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by
  const [head, ...rest] = path
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? replaced(item, rest, by) : item))
  const object = value as Record<string, unknown>
  return { ...object, [head!]: replaced(object[head!], rest, by) }
}

/**
 * A body the endpoint accepted (or its read twin answered) with one leaf spoiled by type: a string gets a control
 * character or goes long, a number goes past its column. Everything else stays valid, so the bad value is the
 * only thing between the request and the database.
 */
export function spoiledOneOf(pool: readonly unknown[]): fc.Arbitrary<unknown> {
  return fc.constantFrom(...pool).chain(base => {
    const all = leaves(base)
    if (all.length === 0) return fc.constant(base)
    return fc.tuple(fc.nat({ max: all.length - 1 }), fc.constant(null)).chain(([i]) => {
      const target = all[i]!
      const bad = typeof target.value === 'number' ? hugeNumber : typeof target.value === 'string' ? badString : hostile
      return bad.map(value => replaced(base, target.path, value))
    })
  })
}
