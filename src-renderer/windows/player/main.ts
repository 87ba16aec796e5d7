import PlayerApp from '../../features/player-display/PlayerApp.vue'
import { mountWindow } from '../../core/boot'
import { windowBridge } from '../../core/window-bridge'

void mountWindow(PlayerApp, windowBridge())
