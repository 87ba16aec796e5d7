/** Small helpers the generic card and the systems' rich parts share. */
export const numberOr = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d)
