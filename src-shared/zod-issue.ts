/**
 * The first issue of a failed zod parse as a dotted field path (`combatants.2.hp`) and its message, so every
 * `invalid` error in the app names the field the same way. Structural: takes any zod-like error.
 */
export interface ZodLikeError {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string; code?: string; keys?: ReadonlyArray<string> }>
}

export function firstIssue(error: ZodLikeError, prefix = ''): { field: string; message: string } {
  const issue = error.issues[0]
  if (!issue) return { field: prefix, message: 'invalid' }
  // an unexpected key is reported at its own path, not at the object holding it
  const path = issue.code === 'unrecognized_keys' && issue.keys?.length ? [...issue.path, issue.keys[0]] : issue.path
  const field = [prefix, ...path.map(String)].filter((s) => s !== '').join('.')
  return { field, message: issue.message }
}
