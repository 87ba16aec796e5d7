/** The rule systems GM Console knows. Each has a folder in src-main/rules/systems/<id>/. */
export const SYSTEM_IDS = ['saga', 'starchasers', '2d20', 'storyteller'] as const
export type SystemId = (typeof SYSTEM_IDS)[number]
