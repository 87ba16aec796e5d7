import PlayerApp from '../../features/player-display/PlayerApp.vue'
import { mountWindow } from '../../core/boot'
import { windowBridge } from '../../stores/connection'

void mountWindow(PlayerApp, windowBridge())
