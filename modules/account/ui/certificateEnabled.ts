/** Certificate sign-in needs a crypto plug-in and a verifying server: off unless the build enables it (README). */
export const CERTIFICATE_ENABLED = import.meta.env.VITE_CERTIFICATE_SIGN_IN === 'true'
