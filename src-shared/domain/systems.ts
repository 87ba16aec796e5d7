/**
 * A rule system's id: any string, checked against main's registry (src-main/rules/index.ts `hasSystem`/`getSystem`)
 * where it enters — a payload, a campaign file, a scenario. The contract names no system: the renderer learns the
 * registered ones from `system:list`. Each has a folder in src-main/rules/systems/<id>/.
 */
export type SystemId = string
