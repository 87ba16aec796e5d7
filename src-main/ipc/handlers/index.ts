/**
 * The IPC handler maps, one file per area: each turns a service's plain methods into channels of the contract
 * (src-shared/ipc/contract.ts). The composition root (src-main/wiring/create-core.ts) builds the services and merges
 * these maps into the one map the dispatcher (../dispatch.ts) serves.
 */
export { mergeHandlers, type CallContext, type Handler, type HandlerMap } from './handler-map'
export { appHandlers } from './app'
export { campaignHandlers } from './campaign'
export { dangerHandlers } from './danger'
export { encounterHandlers } from './encounter'
export { exportHandlers } from './export'
export { libraryHandlers } from './library'
export { playerHandlers } from './player'
export { replayHandlers, sessionHandlers } from './session'
export { systemHandlers } from './system'
export { tableHandlers } from './table'
export { windowHandlers, type OpenOutcome, type WindowOpener } from './window'
export { phoneHandlers } from './phones'
