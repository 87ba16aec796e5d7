/** The TV's screen in CSS pixels by its shape (issue 29): the console's preview lays the board out at this size. */
import type { TvArrangement } from '@shared/domain/table'

const FRAMES: Record<TvArrangement['aspect'], { width: number; height: number }> = {
  '16:9': { width: 1920, height: 1080 },
  '4:3': { width: 1440, height: 1080 },
  '21:9': { width: 2560, height: 1080 },
  '9:16': { width: 1080, height: 1920 },
}

export const tvFrame = (aspect: TvArrangement['aspect']): { width: number; height: number } => FRAMES[aspect]
