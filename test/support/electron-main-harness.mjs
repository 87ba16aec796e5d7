// Runs the BUILT Electron main bundle (out/main/index.js) in plain Node with a fake `electron` module, drives it
// a little through the fake ipcMain, and prints one JSON report line. Used by test/e2e/electron-main.e2e.test.ts:
//   node --import ./test/support/electron-main-harness.mjs out/main/index.js
import Module from 'node:module'
import { EventEmitter } from 'node:events'

const report = { windows: [], handlers: [], calls: {}, permissionDenied: null, errors: [] }
let nextId = 1
const windows = []
const ipcHandlers = new Map()

class FakeWebContents extends EventEmitter {
  constructor() {
    super()
    this.id = nextId++
    this.sent = []
    this.openHandler = null
  }
  setWindowOpenHandler(h) { this.openHandler = h }
  isDestroyed() { return false }
  send(...args) { this.sent.push(args) }
  async printToPDF() { return Buffer.from('%PDF-1.7') }
}
class BrowserWindow extends EventEmitter {
  constructor(options) {
    super()
    this.options = options
    this.webContents = new FakeWebContents()
    this.url = null
    windows.push(this)
    report.windows.push({ options, id: this.webContents.id })
  }
  static getAllWindows() { return windows }
  async loadURL(url) { this.url = url; report.windows.find((w) => w.id === this.webContents.id).url = url }
  show() {} focus() {} destroy() {} isDestroyed() { return false } isFullScreen() { return false }
  getBounds() { return { x: 0, y: 0, width: 800, height: 600 } }
  setBounds() {} setFullScreen() {}
}
const app = new EventEmitter()
let ready
const readyPromise = new Promise((r) => (ready = r))
Object.assign(app, {
  isPackaged: false,
  whenReady: () => readyPromise,
  requestSingleInstanceLock: () => true,
  getVersion: () => '0.0.0-test',
  getAppPath: () => process.cwd(),
  getPath: () => process.env.GMC_TEST_USERDATA,
  quit: () => undefined,
  exit: (code) => { report.errors.push(`app.exit(${code})`); finish() },
})
const display = { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }
const tv = { id: 2, bounds: { x: 1920, y: 0, width: 1920, height: 1080 }, workArea: { x: 1920, y: 0, width: 1920, height: 1080 } }
const fake = {
  app,
  BrowserWindow,
  screen: { getAllDisplays: () => [display, tv], getPrimaryDisplay: () => display },
  session: { defaultSession: { setPermissionRequestHandler: (h) => h(null, 'media', (allowed) => (report.permissionDenied = !allowed)) } },
  ipcMain: { handle: (ch, fn) => { ipcHandlers.set(ch, fn); report.handlers.push(ch) }, removeHandler: (ch) => ipcHandlers.delete(ch) },
}
const load = Module._load
Module._load = function (request, ...rest) {
  return request === 'electron' ? fake : load.call(this, request, ...rest)
}

function finish() {
  process.stdout.write(`HARNESS ${JSON.stringify(report)}\n`)
  process.exit(0)
}

async function drive() {
  const consoleWin = windows[0]
  const frame = { url: consoleWin.url, parent: null }
  const invoke = (wc, fr, ...args) => ipcHandlers.get('gm:invoke')({ sender: wc, senderFrame: fr }, ...args)
  report.calls.info = await invoke(consoleWin.webContents, frame, 'app:info', {})
  report.calls.list = await invoke(consoleWin.webContents, frame, 'campaign:list', {})
  report.calls.stranger = await invoke(new FakeWebContents(), frame, 'campaign:list', {})
  report.calls.foreignUrl = await invoke(consoleWin.webContents, { url: 'https://evil.example/', parent: null }, 'campaign:list', {})
  report.calls.openPlayer = await invoke(consoleWin.webContents, frame, 'window:openPlayer', {})
  const playerWin = windows[1]
  if (playerWin) {
    report.calls.playerAsGm = await invoke(playerWin.webContents, { url: playerWin.url, parent: null }, 'campaign:create', { name: 'X', systemId: 'saga' })
    report.calls.playerView = await invoke(playerWin.webContents, { url: playerWin.url, parent: null }, 'player:view', {})
  }
  report.openHandler = consoleWin.webContents.openHandler ? consoleWin.webContents.openHandler({ url: 'https://evil.example/' }) : null
  let prevented = false
  consoleWin.webContents.emit('will-navigate', { preventDefault: () => (prevented = true) }, 'https://evil.example/')
  report.navigationPrevented = prevented
  finish()
}

process.nextTick(() => {
  ready()
  // give start() time to build the store and open the console window
  const poll = setInterval(() => {
    if (windows.length && ipcHandlers.size) {
      clearInterval(poll)
      setTimeout(() => drive().catch((e) => { report.errors.push(String(e.stack || e)); finish() }), 50)
    }
  }, 20)
  setTimeout(() => { report.errors.push('timed out'); finish() }, 15000)
})
