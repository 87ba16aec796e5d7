// The layer walls of docs/dev/architecture.md as an ESLint rule (no plugin needed): every import with a literal
// source (import/export … from, import(), import('…').T types) is resolved to a path in the project (relative
// paths and the @shared / @main / @renderer aliases; packages are left to no-restricted-imports) and checked
// against the table below. The message names the wall, the importing file and the imported one.
import { dirname, relative, resolve, sep } from 'node:path'

const root = dirname(import.meta.dirname)
const aliases = { '@shared/': 'src-shared/', '@main/': 'src-main/', '@renderer/': 'src-renderer/' }

/**
 * The renderer's parts (architecture.json): UI = the screens, Stores (the only callers of the bridge), Bridge (the only
 * user of window.gm and the socket), Parts = shared pieces and the systems' UI parts. Its "never" rules, one wall per
 * pair of folders (issue 28; Parts -> UI since issue 27).
 */
export const RENDERER_PARTS = {
  UI: ['src-renderer/features/', 'src-renderer/windows/', 'src-renderer/i18n/', 'src-renderer/core/'],
  Stores: ['src-renderer/stores/'],
  Bridge: ['src-renderer/bridge/'],
  Parts: ['src-renderer/components/', 'src-renderer/systems/'],
}
const RENDERER_NEVER = [
  ['Parts', 'UI', 'shared pieces know no screen (architecture.json: Parts never import UI)'],
  ['Bridge', 'Stores', 'the bridge knows no store (architecture.json: Bridge never imports Stores)'],
  ['Bridge', 'UI', 'the bridge knows no screen (architecture.json: Bridge never imports UI)'],
  ['Stores', 'UI', 'stores know no screen (architecture.json: Stores never import UI)'],
  ['UI', 'Bridge', 'the screens reach main through the stores, the only callers of the bridge (architecture.json: UI never imports the Bridge)'],
]
function rendererWalls() {
  return RENDERER_NEVER.flatMap(([a, b, why]) => RENDERER_PARTS[a].flatMap((from) => RENDERER_PARTS[b].map((to) => [from, to, why])))
}

/**
 * [importer, imported, why]: a file under the first folder may not import anything under the second (a folder ends
 * in '/'; anything else names one module, without its extension)
 */
export const WALLS = [
  ['src-main/services/', 'src-main/ipc/', 'services know nothing of transport (take a port from services/ports.ts)'],
  ['src-main/services/', 'src-main/wiring/', 'services own their ports; the wiring calls them'],
  ['src-main/services/', 'src-main/windows/', 'services run without Electron'],
  ['src-main/services/', 'src-main/server/', 'services know nothing of transport'],
  ['src-main/services/', 'src-main/index', 'services run without Electron'],
  ['src-main/export/', 'src-main/services/', 'export renderers are pure'],
  ['src-main/export/', 'src-main/campaign/', 'export renderers do no I/O (the store is the services\' business)'],
  ['src-main/export/', 'src-main/ipc/', 'export renderers are pure'],
  ['src-main/export/', 'src-main/wiring/', 'export renderers are pure'],
  ['src-main/export/', 'src-main/windows/', 'export renderers are pure'],
  ['src-main/campaign/', 'src-main/services/', 'the store is called, it calls nobody'],
  ['src-main/campaign/', 'src-main/ipc/', 'the store knows nothing of transport'],
  ['src-main/campaign/', 'src-main/wiring/', 'the store is called, it calls nobody'],
  ['src-main/projections/', 'src-main/services/', 'projections are pure view models'],
  ['src-main/projections/', 'src-main/ipc/', 'projections are pure view models'],
  ['src-main/projections/', 'src-main/campaign/', 'projections do no I/O'],
  ['src-main/ipc/', 'src-main/wiring/', 'the wiring sits above ipc'],
  // architecture.json (issue 28): the Electron shell (index.ts, windows/) and the server share web pieces through
  // src-main/web, never each other; the wiring opens the store, neither entry point imports src-main/campaign
  ['src-main/windows/', 'src-main/server/', 'the shell and the server share web pieces (src-main/web), not each other (architecture.json)'],
  ['src-main/index', 'src-main/server/', 'the shell and the server share web pieces (src-main/web), not each other (architecture.json)'],
  ['src-main/server/', 'src-main/windows/', 'the shell and the server share web pieces (src-main/web), not each other (architecture.json)'],
  ['src-main/server/', 'src-main/index', 'the shell and the server share web pieces (src-main/web), not each other (architecture.json)'],
  ['src-main/windows/', 'src-main/campaign/', 'the wiring opens the store (architecture.json: the shell never imports src-main/campaign)'],
  ['src-main/index', 'src-main/campaign/', 'the wiring opens the store (architecture.json: the shell never imports src-main/campaign)'],
  ['src-main/server/', 'src-main/campaign/', 'the wiring opens the store (architecture.json: the server never imports src-main/campaign)'],
  // the web pieces both shells use (issue 29: the HTTP + WebSocket server the desktop app starts for the phones too,
  // web/core-server.ts) know neither shell, nor the wiring or the store: they take the core they are handed
  ...['src-main/server/', 'src-main/windows/', 'src-main/index', 'src-main/wiring/', 'src-main/campaign/'].map((to) => ['src-main/web/', to, 'the web pieces are shared by the shell and the server: they import neither, nor the wiring or the store (they take the core they are handed)']),
  ['src-renderer/', 'src-main/', 'the renderer reaches main only through the bridge'],
  // the renderer's never rules of architecture.json (issue 28): RENDERER_WALLS below
  ...rendererWalls(),
  ['src-shared/', 'src-main/', 'the contract knows no process'],
  ['src-shared/', 'src-renderer/', 'the contract knows no screen'],
]

/** importer prefix → the only project folders it may import from (the rules engine is pure) */
export const ONLY = [['src-main/rules/', ['src-main/rules/', 'src-shared/'], 'the rules are pure: they import only src-main/rules and src-shared']]

const SYSTEM = /^src-main\/rules\/systems\/([^/]+)\//

/** the project path an import names, or null for a package */
export function resolveImport(fromFile, source) {
  let target
  if (source.startsWith('.')) target = resolve(dirname(fromFile), source)
  else {
    const a = Object.keys(aliases).find((k) => source.startsWith(k))
    if (!a) return null
    target = resolve(root, aliases[a] + source.slice(a.length))
  }
  const rel = relative(root, target).split(sep).join('/')
  return rel.startsWith('..') ? null : rel
}

/** whether a project path is `place` (a folder ending in '/', or one module named without its extension) or in it */
const within = (path, place) => (place.endsWith('/') ? `${path}/`.startsWith(place) : path.replace(/\.(ts|mts|js|mjs|vue)$/, '') === place)

/** why `file` may not import `target` (both project paths), or null when it may */
export function wallBetween(file, target) {
  for (const [from, to, why] of WALLS) if (within(file, from) && within(target, to)) return why
  for (const [from, allowed, why] of ONLY) if (within(file, from) && !allowed.some((p) => within(target, p))) return why
  const a = SYSTEM.exec(file)?.[1]
  const b = SYSTEM.exec(`${target}/`)?.[1]
  if (a && b && a !== b) return 'no rule system imports another (share through src-main/rules/kit)'
  return null
}

export const layerWalls = {
  meta: { type: 'problem', docs: { description: 'imports point down the layers of docs/dev/architecture.md' }, schema: [], messages: { wall: '{{why}}: {{file}} imports {{target}}' } },
  create(context) {
    const filename = context.filename ?? context.getFilename()
    const file = relative(root, filename).split(sep).join('/')
    if (file.startsWith('..')) return {}
    const check = (node, source) => {
      if (typeof source !== 'string') return
      const target = resolveImport(filename, source)
      if (target === null) return
      const why = wallBetween(file, target)
      if (why) context.report({ node, messageId: 'wall', data: { why, file, target } })
    }
    const literal = (n) => (n && n.type === 'Literal' ? n.value : n && n.type === 'TSLiteralType' ? n.literal?.value : undefined)
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, literal(node.source)),
      TSImportType: (node) => check(node, literal(node.argument)),
    }
  },
}

export default { meta: { name: 'gm-console-layers' }, rules: { walls: layerWalls } }
