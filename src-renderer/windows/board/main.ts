import BoardApp from './BoardApp.vue'
import { mountWindow } from '../../core/boot'
import { windowBridge } from '../../stores/connection'

const params = new URLSearchParams(location.search)
void mountWindow(BoardApp, windowBridge(), { encounterId: params.get('encounter') ?? params.get('encounterId') ?? '' })
