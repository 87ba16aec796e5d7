// Why `npm start` could not run Electron, in plain words (issue 27): the reason in the one line it prints before it
// starts browser mode instead. Read from what the Electron probe (require('electron'), which downloads the binary on
// first use) or the launched app wrote to stderr; the raw line is kept only when no known cause matches.

const NETWORK = /fetch failed|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|getaddrinfo|socket hang up|network/i

/** the first line of `text` that says something went wrong, without its "Error:" prefix */
function firstProblem(text) {
  const lines = `${text ?? ''}`.split('\n').map((l) => l.trim()).filter(Boolean)
  const line = lines.find((l) => /error|fail|cannot|missing/i.test(l)) ?? lines[0] ?? ''
  return line.replace(/^(?:\[[^\]]*\]\s*)?(?:\w*Error:\s*)?/, '').slice(0, 160)
}

/** why require('electron') gave no binary: its stderr (and the spawn error, if it did not run at all) */
export function probeProblem({ stderr = '', error = null } = {}) {
  const text = `${stderr}\n${error?.message ?? ''}`
  if (/Cannot find module 'electron'/.test(text)) return 'its npm package is not installed (run npm install)'
  if (/HTTPError|Response code (\d+)|status code (\d+)/i.test(text)) {
    const code = /(?:Response code|status code)\s*(\d+)/i.exec(text)?.[1]
    return `its program is not on this computer yet and its download server refused it${code ? ` (HTTP ${code})` : ''}`
  }
  if (NETWORK.test(text)) return 'its program is not on this computer yet and downloading it failed (no connection to its download server)'
  if (/failed to install correctly|Downloading Electron/i.test(text)) return 'its program is not on this computer yet and downloading it failed'
  if (error?.code === 'ETIMEDOUT' || /timed? ?out/i.test(text)) return 'downloading its program took too long'
  const raw = firstProblem(text)
  return raw ? `looking for its program failed (${raw})` : 'its program is not on this computer'
}

/** why the launched Electron app stopped right away: its stderr and exit code (or the spawn error) */
export function launchProblem({ stderr = '', code = null, error = null } = {}) {
  const text = `${stderr}\n${error?.message ?? ''}`
  if (/Missing X server|\$DISPLAY|cannot open display|Unable to open display|failed to connect to.*(?:wayland|display)|platform failed to initialize/i.test(text))
    return 'there is no screen to open its window on (no X server or Wayland display, as on a server or over SSH)'
  const lib = /error while loading shared libraries: ([^\s:]+)/.exec(text)?.[1]
  if (lib) return `a system library it needs is missing (${lib}; install your distribution's Electron or Chromium dependencies)`
  if (/chrome-sandbox|setuid sandbox|No usable sandbox/i.test(text)) return 'its sandbox helper is not set up (chrome-sandbox must be owned by root with mode 4755)'
  if (error?.code === 'ENOENT') return 'its program file is missing'
  if (error?.code === 'EACCES') return 'its program file may not be run (no permission)'
  const raw = firstProblem(text)
  return `it stopped right after starting${raw ? ` (it said: ${raw})` : code !== null ? ` (exit code ${code})` : ''}`
}

/** the one line printed before browser mode starts */
export const fallbackLine = (reason) =>
  `Electron cannot run here: ${reason}. Starting GM Console in browser mode instead: open the console address below in a browser.`
