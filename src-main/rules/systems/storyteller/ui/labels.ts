/** Storyteller label keys: no shared pools, no range bands, no conditions of its own (the health track is state). */
export const storytellerLabels = { pools: {} as Record<string, string>, bands: {} as Record<string, string>, conditions: {} as Record<string, string> }
