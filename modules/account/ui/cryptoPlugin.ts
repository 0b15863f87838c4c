/**
 * The CryptoPro browser plug-in's asynchronous API (`window.cadesplugin`), reduced to what sign-in needs.
 * No plug-in → null, which the form shows as "plugin missing".
 */
export interface Certificate {
  name: string
  thumbprint: string
}

interface CadesObject {
  [key: string]: unknown
}
interface CadesPlugin extends PromiseLike<void> {
  CreateObjectAsync(name: string): Promise<CadesObject>
  CAPICOM_CURRENT_USER_STORE: number
  CAPICOM_MY_STORE: string
  CAPICOM_STORE_OPEN_MAXIMUM_ALLOWED: number
  CADESCOM_CADES_BES: number
}

function plugin(): CadesPlugin | null {
  return (globalThis as { cadesplugin?: CadesPlugin }).cadesplugin ?? null
}

type AsyncMethod = (...args: unknown[]) => Promise<unknown>
const call = (target: CadesObject, method: string, ...args: unknown[]) => (target[method] as AsyncMethod)(...args)
const read = async (target: CadesObject, property: string) => (await target[property]) as unknown

export async function listCertificates(): Promise<Certificate[] | null> {
  const cades = plugin()
  if (!cades) return null
  await cades
  const store = await cades.CreateObjectAsync('CAdESCOM.Store')
  await call(store, 'Open', cades.CAPICOM_CURRENT_USER_STORE, cades.CAPICOM_MY_STORE, cades.CAPICOM_STORE_OPEN_MAXIMUM_ALLOWED)
  try {
    const all = (await read(store, 'Certificates')) as CadesObject
    const count = (await read(all, 'Count')) as number
    const found: Certificate[] = []
    for (let i = 1; i <= count; i++) {
      const cert = (await call(all, 'Item', i)) as CadesObject
      found.push({ name: String(await read(cert, 'SubjectName')), thumbprint: String(await read(cert, 'Thumbprint')) })
    }
    return found
  } finally {
    await call(store, 'Close')
  }
}

export async function signHash(certificate: Certificate, hash: string): Promise<string> {
  const cades = plugin()
  if (!cades) throw new Error('CryptoPro plug-in is not available')
  const store = await cades.CreateObjectAsync('CAdESCOM.Store')
  await call(store, 'Open', cades.CAPICOM_CURRENT_USER_STORE, cades.CAPICOM_MY_STORE, cades.CAPICOM_STORE_OPEN_MAXIMUM_ALLOWED)
  try {
    const all = (await read(store, 'Certificates')) as CadesObject
    const matches = (await call(all, 'Find', 0 /* CAPICOM_CERTIFICATE_FIND_SHA1_HASH */, certificate.thumbprint)) as CadesObject
    const cert = (await call(matches, 'Item', 1)) as CadesObject
    const signer = await cades.CreateObjectAsync('CAdESCOM.CPSigner')
    await call(signer, 'propset_Certificate', cert)
    const data = await cades.CreateObjectAsync('CAdESCOM.CadesSignedData')
    await call(data, 'propset_Content', hash)
    return String(await call(data, 'SignCades', signer, cades.CADESCOM_CADES_BES))
  } finally {
    await call(store, 'Close')
  }
}
