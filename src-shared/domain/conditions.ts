/**
 * A condition the GM makes up at the table ("Pinned under rubble", issue 10): its name is kept as typed on the
 * condition (`ConditionInstance.name`), and its key is stable and of its own namespace, so it never collides with a
 * system's condition and reads the same however the name is spaced: `custom.<the name's words, lower case>`.
 */
export const CUSTOM_CONDITION_PREFIX = 'custom.'
/** the longest name a custom condition may have (the command schema's limit, the board's input) */
export const CUSTOM_CONDITION_NAME_MAX = 60

export function customConditionKey(name: string): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return `${CUSTOM_CONDITION_PREFIX}${slug || 'condition'}`
}
