/** Save a rendered file from main (UTF-8 text or base64) through a Blob link; no remote content, CSP-safe. Browser mode's
 * counterpart of Electron's save dialog (`export:save`), so it sits with the bridge: only the stores call it. */
export function downloadFile(fileName: string, mime: string, data: string, encoding: 'utf8' | 'base64'): void {
  const body = encoding === 'base64' ? Uint8Array.from(atob(data), (c) => c.charCodeAt(0)) : data
  const url = URL.createObjectURL(new Blob([body], { type: mime }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
