/** The Content-Security-Policy of browser mode's pages (the Electron windows carry the same policy in their HTML). */
export function browserCsp(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    // 'self' covers the same-origin ws: endpoint in Chromium (CSP 3)
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}
