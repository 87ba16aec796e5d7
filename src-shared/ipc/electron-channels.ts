/** The few raw Electron IPC channel names shared by the preload and src-main/ipc/electron-ipc.ts. */
export const IPC_INVOKE = 'gm:invoke'
export const IPC_SUBSCRIBE = 'gm:subscribe'
export const IPC_UNSUBSCRIBE = 'gm:unsubscribe'
/** main → renderer: (topic, payload) */
export const IPC_PUSH = 'gm:push'
/** the preload reads the window's role from this argument (set by main in webPreferences.additionalArguments) */
export const ROLE_ARG_PREFIX = '--gm-role='
