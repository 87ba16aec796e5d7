import ConsoleApp from './ConsoleApp.vue'
import { mountWindow } from '../../core/boot'
import { windowBridge } from '../../core/window-bridge'

void mountWindow(ConsoleApp, windowBridge())
