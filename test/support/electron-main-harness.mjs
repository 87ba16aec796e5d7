// Runs a BUILT Electron main bundle (out/main/index.js, or the one inside a packaged app.asar) in plain Node with a
// fake `electron` module, drives it a little through the fake ipcMain, and prints one JSON report line. Used by
// test/e2e/electron-main.e2e.test.ts and test/e2e/desktop-package.e2e.test.ts:
//   node --import ./test/support/electron-main-harness.mjs out/main/index.js
// GMC_TEST_PACKAGED=1 makes app.isPackaged true (resources from GMC_TEST_RESOURCES); GMC_TEST_PLATFORM fakes
// process.platform for the desktop conventions (jump list, dock).
import Module from 'node:module'
import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { networkInterfaces } from 'node:os'
import { join } from 'node:path'

const report = {
  windows: [],
  handlers: [],
  calls: {},
  permissionDenied: null,
  permissionCheck: null,
  privilegedSchemes: null,
  privilegedBeforeReady: null,
  protocolSchemes: [],
  menu: null,
  themeSource: null,
  singleInstanceLock: false,
  page: null,
  traversal: null,
  secondInstance: null,
  errors: [],
}
let nextId = 1
const windows = []
const ipcHandlers = new Map()
let isReady = false
let protocolHandler = null

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
    this.focused = 0
    windows.push(this)
    report.windows.push({ options, id: this.webContents.id })
  }
  static getAllWindows() { return windows }
  async loadURL(url) { this.url = url; report.windows.find((w) => w.id === this.webContents.id).url = url }
  show() {} focus() { this.focused++ } destroy() {} isDestroyed() { return false } isFullScreen() { return false }
  isMinimized() { return false } restore() {}
  getBounds() { return { x: 0, y: 0, width: 800, height: 600 } }
  setBounds() {} setFullScreen() {}
}
const app = new EventEmitter()
let ready
const readyPromise = new Promise((r) => (ready = r))
const packaged = process.env.GMC_TEST_PACKAGED === '1'
if (packaged) process.resourcesPath = process.env.GMC_TEST_RESOURCES
if (process.env.GMC_TEST_PLATFORM) Object.defineProperty(process, 'platform', { value: process.env.GMC_TEST_PLATFORM })
Object.assign(app, {
  isPackaged: packaged,
  // ready comes after the main module has run to its end, as in Electron
  whenReady: () => (setImmediate(becomeReady), readyPromise),
  // GMC_TEST_SECOND_INSTANCE=1: another instance holds the lock
  requestSingleInstanceLock: () => (report.singleInstanceLock = process.env.GMC_TEST_SECOND_INSTANCE !== '1'),
  getVersion: () => '0.0.0-test',
  getAppPath: () => process.cwd(),
  getPath: () => process.env.GMC_TEST_USERDATA,
  getLocale: () => 'en-US',
  getName: () => 'GM Console',
  addRecentDocument: (p) => (report.recentDocuments ??= []).push(p),
  clearRecentDocuments: () => (report.recentDocuments = []),
  setJumpList: (j) => (report.jumpList = j),
  quit: () => {
    report.quit = true
    // a second instance quits at once: report what it did (nothing else may have happened)
    if (!report.singleInstanceLock) setTimeout(finish, 200)
  },
  exit: (code) => { report.errors.push(`app.exit(${code})`); finish() },
})
const display = { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }
const tv = { id: 2, bounds: { x: 1920, y: 0, width: 1920, height: 1080 }, workArea: { x: 1920, y: 0, width: 1920, height: 1080 } }
const fake = {
  app,
  BrowserWindow,
  screen: { getAllDisplays: () => [display, tv], getPrimaryDisplay: () => display },
  session: {
    defaultSession: {
      setPermissionRequestHandler: (h) => h(null, 'media', (allowed) => (report.permissionDenied = !allowed)),
      setPermissionCheckHandler: (h) => (report.permissionCheck = ['media', 'notifications', 'clipboard-read'].map((p) => h(null, p, 'app://gm')).every((v) => v === false) ? 'denies' : 'allows'),
    },
  },
  protocol: {
    registerSchemesAsPrivileged: (schemes) => {
      report.privilegedSchemes = schemes
      report.privilegedBeforeReady = !isReady
    },
    handle: (scheme, handler) => {
      report.protocolSchemes.push(scheme)
      protocolHandler = handler
    },
  },
  Menu: {
    buildFromTemplate: (template) => ({ template }),
    setApplicationMenu: (m) => (report.menu = m.template.map((i) => ({ label: i.label, role: i.role, items: (i.submenu ?? []).map((s) => s.id ?? s.role ?? s.label).filter(Boolean) }))),
  },
  nativeTheme: {
    set themeSource(v) { report.themeSource = v },
    get themeSource() { return report.themeSource },
  },
  dialog: { showSaveDialog: async () => ({ canceled: true }) },
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
  report.calls.fileUrl = await invoke(consoleWin.webContents, { url: 'file:///etc/console.html', parent: null }, 'campaign:list', {})
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
  // the app:// protocol answers the console page with its CSP, and refuses a way out of the renderer folder
  if (protocolHandler) {
    const page = await protocolHandler(new Request(consoleWin.url))
    const text = await page.text()
    report.page = { status: page.status, type: page.headers.get('content-type'), csp: page.headers.get('content-security-policy'), hasApp: text.includes('id="app"') }
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(text)?.[1]
    if (script) report.page.script = { status: (await protocolHandler(new Request(`app://gm/${script}`))).status, type: (await protocolHandler(new Request(`app://gm/${script}`))).headers.get('content-type') }
    report.traversal = (await protocolHandler(new Request('app://gm/..%2f..%2fpackage.json'))).status
  }
  // a second launch asking for a campaign: the console is focused and told to open it (app:menu push)
  await ipcHandlers.get('gm:subscribe')({ sender: consoleWin.webContents, senderFrame: frame }, 'app:menu')
  const focusedBefore = consoleWin.focused
  app.emit('second-instance', {}, ['gm-console', '--open-campaign=sample-saga'], process.cwd())
  report.secondInstance = { focused: consoleWin.focused > focusedBefore, pushed: consoleWin.webContents.sent.filter((s) => s[1] === 'app:menu').map((s) => s[2]), windows: windows.length }
  report.phones = await phones((channel, payload) => invoke(consoleWin.webContents, frame, channel, payload))
  finish()
}

/** whether something accepts a TCP connection at host:port */
const listening = (host, port) =>
  new Promise((done) => {
    const socket = connect({ host, port, timeout: 2000 })
    socket.once('connect', () => (socket.destroy(), done(true)))
    socket.once('error', () => done(false))
    socket.once('timeout', () => (socket.destroy(), done(false)))
  })

/**
 * The players' phones (issue 29): a link made for a PC of the sample campaign, its page fetched on 127.0.0.1, the
 * LAN address tried before and after the GM asks for the network (links:reach), and the server after `before-quit`.
 */
async function phones(call) {
  const out = {}
  const file = JSON.parse(readFileSync(join(process.env.GMC_TEST_USERDATA, 'campaigns', 'sample-saga', 'campaign.json'), 'utf8'))
  out.open = (await call('campaign:open', { campaignId: 'sample-saga' })).ok
  out.made = await call('links:make', { characterId: file.party[0] })
  const url = out.made.ok && out.made.value.url ? new URL(out.made.value.url) : null
  if (!url) return out
  const port = Number(url.port)
  const page = await fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`)
  out.page = { host: url.hostname, status: page.status, type: page.headers.get('content-type'), hasApp: (await page.text()).includes('id="app"') }
  out.refused = (await fetch(`http://127.0.0.1:${port}/me?token=not-a-link`)).status
  const lan = Object.values(networkInterfaces()).flat().find((a) => a.family === 'IPv4' && !a.internal)?.address ?? null
  out.lan = lan
  out.reachBefore = (await call('links:list', {})).value?.reach ?? null
  if (lan) {
    out.lanBefore = await listening(lan, port)
    out.reach = await call('links:reach', { lan: true })
    out.lanAfter = await listening(lan, port)
    out.lanUrl = (await call('links:list', {})).value?.links?.[0]?.url ?? null
  }
  app.emit('before-quit')
  await new Promise((r) => setTimeout(r, 300))
  out.afterQuit = { loopback: await listening('127.0.0.1', port), lan: lan ? await listening(lan, port) : null }
  return out
}

let started = false
function becomeReady() {
  if (started) return
  started = true
  isReady = true
  ready()
  // give start() time to build the store and open the console window
  const poll = setInterval(() => {
    if (windows.length && ipcHandlers.size) {
      clearInterval(poll)
      setTimeout(() => drive().catch((e) => { report.errors.push(String(e.stack || e)); finish() }), 50)
    }
  }, 20)
}
setTimeout(() => { report.errors.push('timed out'); finish() }, 15000).unref?.()
