/**
 * The clients validation rules (SPEC §5): one source for the forms and the server. Errors come from the
 * valibot schemas (./forms.ts, field rules in ./fields.ts); check digits are warnings (./warnings.ts).
 */
export * from './catalogues'
export * from './checksums'
export * from './fields'
export * from './forms'
export * from './messages'
export * from './warnings'
