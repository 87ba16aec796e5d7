import PlayerApp from '../../features/player-display/PlayerApp.vue'
import PhoneApp from '../../features/phone/PhoneApp.vue'
import { mountWindow } from '../../core/boot'
import { windowBridge } from '../../stores/connection'

// a player's own link (`/me?token=`, role `character`) opens their phone's page; the TV link the public board
const bridge = windowBridge()
void mountWindow(bridge?.role === 'character' ? PhoneApp : PlayerApp, bridge)
