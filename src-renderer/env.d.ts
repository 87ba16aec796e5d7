/// <reference types="vite/client" />
declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent<object, object, unknown>
  export default component
}

/** qrcode (no bundled types): the one call the player link dialog makes */
declare module 'qrcode' {
  export function toDataURL(text: string, options?: { margin?: number; width?: number; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H'; color?: { dark?: string; light?: string } }): Promise<string>
  const QRCode: { toDataURL: typeof toDataURL }
  export default QRCode
}
