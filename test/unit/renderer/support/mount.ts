/** Mount a component with Pinia, vue-i18n (real messages) and a fake bridge. */
import { mount, flushPromises, enableAutoUnmount, type ComponentMountingOptions } from '@vue/test-utils'
import { afterEach } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { Component } from 'vue'
import { makeI18n, type Locale } from '@renderer/i18n'
import { setBridge } from '@renderer/core/bridge'
import { fakeBridge, type FakeBridge } from './fake-bridge'

// window-level listeners (shortcuts) must not leak between tests
enableAutoUnmount(afterEach)

export function setup(opts: { bridge?: FakeBridge; locale?: Locale } = {}) {
  const bridge = opts.bridge ?? fakeBridge()
  setBridge(bridge)
  const pinia = createPinia()
  setActivePinia(pinia)
  const i18n = makeI18n(opts.locale ?? 'en')
  return { bridge, pinia, i18n }
}

export async function mountWith<C extends Component>(component: C, options: ComponentMountingOptions<C> & { bridge?: FakeBridge; locale?: Locale } = {}) {
  const { bridge, pinia, i18n } = setup(options)
  const wrapper = mount(component, { ...options, global: { ...(options.global ?? {}), plugins: [pinia, i18n] }, attachTo: document.body } as ComponentMountingOptions<C>)
  await flushPromises()
  return { wrapper, bridge, pinia, i18n }
}

export { flushPromises }
