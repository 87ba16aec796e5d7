/** Crypto-random seeds for real play (I/O-ish, so outside rules/). */
import { randomBytes } from 'node:crypto'

export const cryptoSeed = (): string => randomBytes(8).toString('hex')
