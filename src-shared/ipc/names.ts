/**
 * The contract's channel and push topic names without its zod schemas: all the renderer's bridge needs to build
 * `window.gm` and refuse unknown names, so a page that never validates anything (the player display) loads no zod
 * (issue 13). contract.ts checks at compile time that these lists are exactly its channels and topics: a channel
 * added there and not here (or the other way) fails the type check. This file imports nothing (contract.ts imports
 * it), so the two never form a circle.
 */

export const CHANNEL_NAMES = [
  'app:info',
  'campaign:list', 'campaign:create', 'campaign:open', 'campaign:rename', 'campaign:setHiddenTurn', 'campaign:duplicate', 'campaign:delete', 'campaign:trash', 'campaign:restore',
  'campaign:export', 'campaign:exportSave', 'campaign:import', 'campaign:restoreBackup',
  'player:view',
  'window:openPlayer', 'window:displays', 'window:playerLink', 'window:newPlayerLink', 'window:openBoard',
  'library:list', 'library:problems', 'library:save', 'library:delete', 'library:duplicate', 'library:import', 'library:export', 'library:importPreview', 'library:importFields', 'library:importFigures', 'library:importApply', 'library:importUndo', 'library:importFormats', 'library:exportAs',
  'party:set',
  'plan:list', 'plan:save', 'plan:delete', 'plan:duplicate', 'plan:danger', 'plan:dangerCancel', 'plan:tune',
  'encounter:launch', 'encounter:list', 'encounter:get', 'encounter:command', 'encounter:odds', 'encounter:undo', 'encounter:redo', 'encounter:setDisplay', 'encounter:showToPlayers', 'encounter:log',
  'session:start', 'session:end', 'session:rename', 'session:list', 'session:log', 'session:note', 'session:roll', 'session:rest', 'session:pool',
  'session:replayOpen', 'session:replayStep', 'session:replayClose',
  'export:session', 'export:save',
  'system:list', 'system:describe', 'system:card',
  'table:get', 'table:set', 'links:list', 'links:make', 'links:revoke', 'links:reach', 'request:list', 'request:answer',
  'character:view', 'character:request', 'character:odds',
] as const

export const PUSH_TOPIC_NAMES = ['campaigns:changed', 'campaign:changed', 'player:view', 'encounter:changed', 'danger:progress', 'import:progress', 'session:logAppended', 'sessions:changed', 'app:menu', 'character:view', 'requests:changed', 'links:changed'] as const

/** a channel's name: the same union as the contract's `Channel` (contract.ts checks it) */
export type ChannelName = (typeof CHANNEL_NAMES)[number]
/** a push topic's name: the same union as the contract's `PushTopic` */
export type PushTopicName = (typeof PUSH_TOPIC_NAMES)[number]

const channelSet: ReadonlySet<string> = new Set(CHANNEL_NAMES)
const topicSet: ReadonlySet<string> = new Set(PUSH_TOPIC_NAMES)
export const isChannelName = (value: unknown): value is ChannelName => typeof value === 'string' && channelSet.has(value)
export const isPushTopicName = (value: unknown): value is PushTopicName => typeof value === 'string' && topicSet.has(value)

/** the path of browser mode's WebSocket endpoint; the token goes in `?token=` */
export const WS_PATH = '/ws'
