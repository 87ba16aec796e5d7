/** The small logger the IPC layer and the server write refusals to (console in the app, a fake in tests). */
export interface Logger {
  info(message: string): void
  warn(message: string): void
  error(message: string): void
}

export const consoleLogger: Logger = {
  info: (m) => console.log(m),
  warn: (m) => console.warn(m),
  error: (m) => console.error(m),
}

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined }
