import BoardApp from './BoardApp.vue'
import { mountWindow } from '../../core/boot'
import { windowBridge } from '../../core/window-bridge'

const params = new URLSearchParams(location.search)
void mountWindow(BoardApp, windowBridge(), { encounterId: params.get('encounter') ?? params.get('encounterId') ?? '' })
