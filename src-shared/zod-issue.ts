/**
 * The first issue of a failed zod parse as a dotted field path (`combatants.2.hp`) and its message, so every
 * `invalid` error in the app names the field the same way. Structural: takes any zod-like error.
 *
 * `issue` keeps what went wrong as data (`IssueDetail`: the code and its bound, expected type or allowed values),
 * so the renderer can say it as a plain sentence in the UI language ("Hit points can't be below 1") instead of
 * showing zod's English message with its path. Main sends it as the error's `details.issue`.
 */
export interface ZodLikeIssue {
  path: ReadonlyArray<PropertyKey>
  message: string
  code?: string
  keys?: ReadonlyArray<string>
  origin?: string
  minimum?: number | bigint
  maximum?: number | bigint
  inclusive?: boolean
  expected?: string
  values?: ReadonlyArray<unknown>
  format?: string
  input?: unknown
  /** a custom issue's own data (a schema's refinement), e.g. `{ format: 'dice' }` */
  params?: Record<string, unknown>
  /** invalid_union: each branch's issues */
  errors?: ReadonlyArray<ReadonlyArray<ZodLikeIssue>>
}
export interface ZodLikeError {
  issues: ReadonlyArray<ZodLikeIssue>
}

/** What went wrong with one value, as plain data (JSON). */
export interface IssueDetail {
  /** zod's issue code: too_small, too_big, invalid_type, invalid_value, invalid_format, unrecognized_keys, custom… */
  code: string
  /** number, string, array, … (too_small / too_big) */
  origin?: string
  minimum?: number
  maximum?: number
  /** false: the bound itself is not allowed */
  inclusive?: boolean
  /** the type wanted (invalid_type): number, int, string, boolean, object, array, … */
  expected?: string
  /** true when the value is missing altogether */
  missing?: boolean
  /** the allowed values (invalid_value) */
  values?: string[]
  format?: string
}

/** what is wrong with a stored value: the field (a dotted path), main's words, and the issue as data */
export interface FieldProblem {
  field: string
  message: string
  issue: IssueDetail
}

const asNum = (v: number | bigint | undefined): number | undefined => (v === undefined ? undefined : Number(v))

export function issueDetail(issue: ZodLikeIssue): IssueDetail {
  const d: IssueDetail = { code: issue.code ?? 'custom' }
  if (issue.origin !== undefined) d.origin = issue.origin
  if (issue.minimum !== undefined) d.minimum = asNum(issue.minimum)
  if (issue.maximum !== undefined) d.maximum = asNum(issue.maximum)
  if (issue.inclusive !== undefined) d.inclusive = issue.inclusive
  if (issue.expected !== undefined) d.expected = issue.expected
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) d.missing = true
  if (issue.values) d.values = issue.values.map((v) => String(v)).slice(0, 20)
  if (issue.format !== undefined) d.format = issue.format
  // a refinement names what the value must be (dice notation…): said as that sentence, not as "invalid"
  if (issue.code === 'custom' && typeof issue.params?.format === 'string') d.format = issue.params.format
  return d
}

/**
 * A value none of a union's branches took: the branch of its own type says what is wrong with it (a stun setting
 * `true` or dice: the text "2d" is wrong as dice, not as "not a boolean"); a value of no branch's type stays as is.
 */
function unionBranchIssue(issue: ZodLikeIssue): ZodLikeIssue {
  if (issue.code !== 'invalid_union' || !issue.errors) return issue
  for (const branch of issue.errors) {
    const own = branch.find((i) => i.code !== 'invalid_type')
    if (own) return unionBranchIssue({ ...own, path: [...issue.path, ...own.path] })
  }
  return issue
}

export function firstIssue(error: ZodLikeError, prefix = ''): FieldProblem {
  const issue = error.issues[0] ? unionBranchIssue(error.issues[0]) : undefined
  if (!issue) return { field: prefix, message: 'invalid', issue: { code: 'custom' } }
  // an unexpected key is reported at its own path, not at the object holding it
  const path = issue.code === 'unrecognized_keys' && issue.keys?.length ? [...issue.path, issue.keys[0]] : issue.path
  const field = [prefix, ...path.map(String)].filter((s) => s !== '').join('.')
  return { field, message: issue.message, issue: issueDetail(issue) }
}
