/** The shell's part of a module's locale pack (vite.locale-parts.ts): `import('./i18n/ru.json?shell')`. */
declare module '*.json?shell' {
  const part: Record<string, unknown>
  export default part
}

/** Some sections of a module's locale pack (vite.locale-parts.ts): `import('./i18n/ru.json?sections=login,restore&part')`. */
declare module '*&part' {
  const part: Record<string, unknown>
  export default part
}
