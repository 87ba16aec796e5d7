/** Mount a component with Pinia, vue-i18n (real messages) and a fake bridge. */
import { mount, flushPromises, enableAutoUnmount, type ComponentMountingOptions, type VueWrapper } from '@vue/test-utils'
import { afterEach } from 'vitest'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import type { Component } from 'vue'
import { makeI18n, type Locale } from '@renderer/i18n'
import { setBridge } from '@renderer/bridge/call'
import { fakeBridge, type FakeBridge } from './fake-bridge'
import { withSystems } from './system-descriptions'
import { useSystemsStore } from '@renderer/stores/systems'
import { systemParts, systemUi } from '@renderer/systems/registry'
import type { SystemUi } from '@renderer/systems/types'

// window-level listeners (shortcuts) must not leak between tests
enableAutoUnmount(afterEach)

export function setup(opts: { bridge?: FakeBridge; locale?: Locale } = {}) {
  // where the GM was (core/place.ts) must not carry over from one test to the next
  globalThis.sessionStorage?.clear()
  const bridge = opts.bridge ?? fakeBridge()
  // every screen may ask main about its rule system: answered by the test double unless the test scripts it
  if (!bridge.handlers().some(([c]) => c === 'system:describe')) withSystems(bridge)
  setBridge(bridge)
  const pinia = createPinia()
  setActivePinia(pinia)
  const i18n = makeI18n(opts.locale ?? 'en')
  return { bridge, pinia, i18n }
}

/**
 * The systems' stat block editors are async components (the player page and the board never load them): load them
 * before mounting, as the console would have by the time the GM opens an editor, so a test's first render has them.
 */
async function loadAsyncParts(): Promise<void> {
  const ids = ['saga', 'starchasers', '2d20', 'storyteller']
  await Promise.all(ids.map((id) => (systemParts(id).editor as { __asyncLoader?: () => Promise<unknown> } | undefined)?.__asyncLoader?.()))
}

type Mounted = { wrapper: VueWrapper<any>; bridge: FakeBridge; pinia: Pinia; i18n: ReturnType<typeof makeI18n> }

export async function mountWith<C extends Component>(component: C, options: ComponentMountingOptions<C> & { bridge?: FakeBridge; locale?: Locale } = {}): Promise<Mounted> {
  await loadAsyncParts()
  const { bridge, pinia, i18n } = setup(options)
  const wrapper = mount(component, { ...options, global: { ...(options.global ?? {}), plugins: [pinia, i18n] }, attachTo: document.body } as ComponentMountingOptions<C>)
  await flushPromises()
  return { wrapper, bridge, pinia, i18n }
}

export { flushPromises }

/**
 * Like mountWith, but first loads the systems' descriptions (`system:describe` answered by the test double, see
 * system-descriptions.ts) into the store, so catalogs and log templates are merged; `props` may use `system(id)`.
 */
export async function mountWithSystems<C extends Component>(
  component: C,
  ids: string[],
  options: (system: (id: string) => SystemUi) => ComponentMountingOptions<C> & { locale?: Locale },
  bridge: FakeBridge = fakeBridge(),
): Promise<Mounted & { system: (id: string) => SystemUi }> {
  await loadAsyncParts()
  const ctx = setup({ bridge: withSystems(bridge) })
  const store = useSystemsStore()
  for (const id of ids) await store.describe(id)
  const system = (id: string) => systemUi(id, store.descriptions[id])
  const opts = options(system)
  if (opts.locale) ctx.i18n.global.locale.value = opts.locale
  const wrapper = mount(component, { ...opts, global: { ...(opts.global ?? {}), plugins: [ctx.pinia, ctx.i18n] }, attachTo: document.body } as ComponentMountingOptions<C>)
  await flushPromises()
  return { wrapper, bridge, pinia: ctx.pinia, i18n: ctx.i18n, system }
}
