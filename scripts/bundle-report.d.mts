/** Types of scripts/bundle-report.mjs (what each page of the built renderer loads, issue 13). */
export interface PageBundle {
  /** JavaScript files loaded up front (the entry and its static imports), relative to out/renderer */
  files: string[]
  jsBytes: number
  jsGzipBytes: number
  /** npm packages in those files */
  packages: string[]
  /** JavaScript files only imported dynamically (loaded later, when used) */
  lazyFiles: string[]
  /** npm packages only in the lazy files */
  lazyPackages: string[]
}
export function packageOf(moduleId: string): string | null
export function bundleReport(outDir?: string): Record<string, PageBundle>
