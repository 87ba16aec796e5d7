/**
 * The Content-Security-Policy of the app's pages: browser mode sends it as a header, the `app://` protocol of the
 * Electron windows too, and the HTML files carry the same policy in a meta tag. No 'unsafe-inline' anywhere: Vue's
 * `:style` bindings set CSSOM properties, which `style-src` does not govern, and the built pages have no inline
 * <style> or style="" (checked in Chromium by test/e2e/csp.e2e.test.ts).
 */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  // 'self' covers the same-origin ws: endpoint in Chromium (CSP 3)
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
] as const

/** the policy of a page (the meta-tag directives; frame-ancestors works only as a header) */
export const pageCsp = (): string => [...CSP_DIRECTIVES, "frame-ancestors 'none'"].join('; ')

/** browser mode's header */
export const browserCsp = pageCsp
