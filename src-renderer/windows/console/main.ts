import ConsoleApp from './ConsoleApp.vue'
import { mountWindow } from '../../core/boot'
import { windowBridge } from '../../stores/connection'

void mountWindow(ConsoleApp, windowBridge())
