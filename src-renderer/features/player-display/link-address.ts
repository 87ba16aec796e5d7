/**
 * Whether a link names this computer only (127.0.0.1, localhost, [::1]): no phone, tablet or TV can open it, so it
 * never becomes a QR code (issue 27 for the TV's link, issue 29 for the players' phones).
 */
export function isLocalOnly(u: string): boolean {
  let host: string
  try {
    host = new URL(u).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  } catch {
    return true
  }
  return host === 'localhost' || host === '::1' || /^127\./.test(host)
}

/** a QR code of a link: dark on light whatever the theme (phone cameras read it either way round only sometimes) */
export const QR_OPTIONS = { margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } } as const
