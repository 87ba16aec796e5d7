/**
 * The layer walls hold: ESLint (the project's own config, eslint.config.mjs) run on small snippets placed in each
 * layer reports an import that runs back up, and lets the imports that point down through.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../../..')
let eslint: ESLint

/** the `layers/walls` messages for `code` as if it stood at `filePath` */
async function walls(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, filePath) })
  return result.messages.filter((m) => m.ruleId === 'layers/walls').map((m) => m.message)
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root })
})

describe('layer walls (eslint layers/walls)', () => {
  it('services import neither ipc nor the wiring, type-only imports included', async () => {
    expect(await walls('src-main/services/x.ts', "import type { HandlerMap } from '../ipc/handlers'\nexport type X = HandlerMap\n")).toEqual([
      'services know nothing of transport (take a port from services/ports.ts): src-main/services/x.ts imports src-main/ipc/handlers',
    ])
    expect(await walls('src-main/services/x.ts', "import type { PushHub } from '../ipc/push-hub'\nexport type X = PushHub\n")).toHaveLength(1)
    expect(await walls('src-main/services/x.ts', "import type { WindowShell } from '../wiring/shell'\nexport type X = WindowShell\n")).toEqual([
      'services own their ports; the wiring calls them: src-main/services/x.ts imports src-main/wiring/shell',
    ])
    expect(await walls('src-main/services/x.ts', "export const f = () => import('../ipc/dispatch')\n")).toHaveLength(1)
  })

  it('services may import the engine, the store, the renderers and the contract', async () => {
    const code = [
      "import { decide } from '../rules/kit/engine'",
      "import { writeFileAtomic } from '../campaign/atomic-write'",
      "import { renderSession } from '../export/export-session'",
      "import { invokeContract } from '@shared/ipc/contract'",
      'export default [decide, writeFileAtomic, renderSession, invokeContract]',
    ].join('\n')
    expect(await walls('src-main/services/x.ts', code)).toEqual([])
  })

  it('export renderers import neither services nor the store', async () => {
    expect(await walls('src-main/export/x.ts', "import { campaignPort } from '../services/store-adapter'\nexport default campaignPort\n")).toEqual([
      'export renderers are pure: src-main/export/x.ts imports src-main/services/store-adapter',
    ])
    expect(await walls('src-main/export/x.ts', "export { writeFileAtomic } from '../campaign/atomic-write'\n")).toHaveLength(1)
  })

  it('the rules import only src-main/rules and src-shared', async () => {
    expect(await walls('src-main/rules/kit/x.ts', "import { ok } from '@shared/result'\nimport { roll } from './dice'\nexport default [ok, roll]\n")).toEqual([])
    expect(await walls('src-main/rules/kit/x.ts', "import { slugify } from '../../campaign/paths'\nexport default slugify\n")).toEqual([
      'the rules are pure: they import only src-main/rules and src-shared: src-main/rules/kit/x.ts imports src-main/campaign/paths',
    ])
    expect(await walls('src-main/rules/systems/a/x.ts', "import type { GmEncounterView } from '../../../projections/to-gm-view'\nexport type X = GmEncounterView\n")).toHaveLength(1)
  })

  it('no rule system imports another; a system may import the engine core', async () => {
    expect(await walls('src-main/rules/systems/alpha/x.ts', "import { y } from '../beta/y'\nexport default y\n")).toEqual([
      'no rule system imports another (share through src-main/rules/kit): src-main/rules/systems/alpha/x.ts imports src-main/rules/systems/beta/y',
    ])
    expect(await walls('src-main/rules/systems/alpha/x.ts', "import { y } from './y'\nimport { z } from '../../core/z'\nexport default [y, z]\n")).toEqual([])
  })

  it('the renderer never imports main; the contract imports neither main nor the renderer', async () => {
    expect(await walls('src-renderer/features/x.ts', "import { decide } from '../../src-main/rules/kit/engine'\nexport default decide\n")).toEqual([
      'the renderer reaches main only through the bridge: src-renderer/features/x.ts imports src-main/rules/kit/engine',
    ])
    expect(await walls('src-shared/x.ts', "import type { Core } from '../src-main/wiring/create-core'\nexport type X = Core\n")).toHaveLength(1)
    expect(await walls('src-shared/x.ts', "import { t } from '@renderer/i18n'\nexport default t\n")).toHaveLength(1)
  })

  it('issue 27: a shared piece (src-renderer/components) imports no screen: the refusal sentences take the field sentences from a shared piece, not from core/validation', async () => {
    expect(await walls('src-renderer/components/x.ts', "import { errorSentence } from '../core/validation'\nexport default errorSentence\n")).toEqual([
      'shared pieces know no screen (architecture.json: Parts never import UI): src-renderer/components/x.ts imports src-renderer/core/validation',
    ])
    expect(await walls('src-renderer/components/x.ts', "import { f } from '../features/actions/schema-form'\nexport default f\n")).toHaveLength(1)
    // the refusal sentences as they stand: no wall crossed
    const file = 'src-renderer/components/refusal.ts'
    expect(await walls(file, readFileSync(resolve(root, file), 'utf8'))).toEqual([])
    // the screens may still take the sentences from the shared piece
    expect(await walls('src-renderer/core/x.ts', "import { errorSentence } from '../components/field-sentences'\nexport default errorSentence\n")).toEqual([])
  })
})

describe('issue 28: the shell and the server share src-main/web only, and the wiring opens the store', () => {
  it('the Electron shell (index.ts, windows/) imports neither the server nor the store', async () => {
    expect(await walls('src-main/windows/x.ts', "import { serve } from '../server/serve'\nexport default serve\n")).toEqual([
      'the shell and the server share web pieces (src-main/web), not each other (architecture.json): src-main/windows/x.ts imports src-main/server/serve',
    ])
    expect(await walls('src-main/windows/x.ts', "import { slugify } from '../campaign/paths'\nexport default slugify\n")).toEqual([
      'the wiring opens the store (architecture.json: the shell never imports src-main/campaign): src-main/windows/x.ts imports src-main/campaign/paths',
    ])
    expect(await walls('src-main/index.ts', "import { createCampaignStore } from './campaign/campaign-store'\nexport default createCampaignStore\n")).toHaveLength(1)
    expect(await walls('src-main/index.ts', "import { serve } from './server/serve'\nexport default serve\n")).toHaveLength(1)
    // what both shells start is in src-main/web (issue 29: the desktop app serves the players' phones too)
    expect(await walls('src-main/index.ts', "import { serveCore } from './web/core-server'\nexport default serveCore\n")).toEqual([])
  })

  it('issue 29: the web pieces both shells share import neither shell, nor the wiring or the store', async () => {
    for (const [from, to] of [['server/serve', 'src-main/server/serve'], ['windows/app-url', 'src-main/windows/app-url'], ['index', 'src-main/index'], ['wiring/create-core', 'src-main/wiring/create-core'], ['campaign/paths', 'src-main/campaign/paths']]) {
      expect(await walls('src-main/web/x.ts', `import * as m from '../${from}'\nexport default m\n`)).toEqual([
        `the web pieces are shared by the shell and the server: they import neither, nor the wiring or the store (they take the core they are handed): src-main/web/x.ts imports ${to}`,
      ])
    }
    // the server's own pieces as they stand cross no wall
    for (const file of ['src-main/web/core-server.ts', 'src-main/web/http-server.ts', 'src-main/web/ws-session.ts']) expect(await walls(file, readFileSync(resolve(root, file), 'utf8'))).toEqual([])
  })

  it('the server imports neither the Electron shell nor the store', async () => {
    expect(await walls('src-main/server/x.ts', "import { appPages } from '../windows/app-url'\nexport default appPages\n")).toEqual([
      'the shell and the server share web pieces (src-main/web), not each other (architecture.json): src-main/server/x.ts imports src-main/windows/app-url',
    ])
    expect(await walls('src-main/server/x.ts', "import { defaultDataDir } from '../campaign/paths'\nexport default defaultDataDir\n")).toEqual([
      'the wiring opens the store (architecture.json: the server never imports src-main/campaign): src-main/server/x.ts imports src-main/campaign/paths',
    ])
    expect(await walls('src-main/server/x.ts', "export const f = () => import('../index')\n")).toHaveLength(1)
  })

  it('both take the web pieces and the wiring, and the entry points as they stand cross no wall', async () => {
    const code = "import { pageCsp } from '../web/csp'\nimport { createCore } from '../wiring/create-core'\nexport default [pageCsp, createCore]\n"
    expect(await walls('src-main/windows/x.ts', code)).toEqual([])
    expect(await walls('src-main/server/x.ts', code)).toEqual([])
    for (const file of ['src-main/index.ts', 'src-main/server/serve.ts']) expect(await walls(file, readFileSync(resolve(root, file), 'utf8'))).toEqual([])
  })

  it('the danger check\'s simulation and tuning, and a plan as commands, sit in the rules: they import only the rules and the contract', async () => {
    for (const file of ['src-main/rules/danger/danger-simulate.ts', 'src-main/rules/danger/danger-tune.ts', 'src-main/rules/plan-commands.ts']) {
      expect(await walls(file, readFileSync(resolve(root, file), 'utf8'))).toEqual([])
    }
    expect(await walls('src-main/rules/danger/x.ts', "import { spawnDangerWorker } from '../../services/danger/danger-threads'\nexport default spawnDangerWorker\n")).toHaveLength(1)
  })
})
