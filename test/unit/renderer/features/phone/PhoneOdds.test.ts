// issue 29: the odds of the player's own attack on their phone, only when the GM allows it, on a target picked from
// the public board, drawn by the console's odds panel
import { describe, expect, it } from 'vitest'
import PhoneApp from '@renderer/features/phone/PhoneApp.vue'
import { okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'
import { playerView } from '../../support/fixtures'
import { characterView, phoneBridge } from './character'

const odds = { hit: 0.65, crit: 0.05, damage: [{ value: 0, p: 0.35 }, { value: 8, p: 0.65 }], extra: {} }

describe('phone: my odds (issue 29)', () => {
  it('no odds panel while the GM does not allow it', async () => {
    const { wrapper } = await mountWith(PhoneApp, { bridge: phoneBridge(characterView({ odds: false })) })
    expect(wrapper.find('[data-testid="phone-odds"]').exists()).toBe(false)
  })

  it('targets are the board\'s other combatants, enemies first; a pick asks main and shows hit and crit', async () => {
    const bridge = phoneBridge(characterView({ odds: true })).handle('character:odds', okR(odds))
    const { wrapper } = await mountWith(PhoneApp, { bridge })
    const options = wrapper.findAll('[data-testid="odds-target"] option').map((o) => o.attributes('value'))
    expect(options).toEqual(['', 'trooper-1', 'x'])
    await wrapper.find('[data-testid="odds-target"]').setValue('trooper-1')
    await flushPromises()
    expect(bridge.callsTo('character:odds')).toEqual([{ targetId: 'trooper-1' }])
    expect(wrapper.find('[data-testid="odds-hit"]').text()).toBe('65.0%')
    expect(wrapper.find('[data-testid="odds-crit"]').text()).toBe('5.0%')
    // the target's row changes on the board (its defences may have): the odds are asked again
    const v = playerView()
    v.encounter!.order[1] = { ...v.encounter!.order[1], conditions: [{ key: 'saga.flatFooted' }] }
    bridge.push('player:view', v)
    // main sends the phone's own view after the board's (the phone draws both in one frame, push-schedule.ts)
    bridge.push('character:view', characterView({ odds: true }))
    await flushPromises()
    expect(bridge.callsTo('character:odds')).toHaveLength(2)
  })
})
