#!/usr/bin/env node
// `npm run bench:doc`: runs every benchmark (`npm run bench -- --json`), keeps the figures with the machine they
// ran on in docs/performance.json, and writes docs/performance.md (every figure, the growth ratios first) and
// docs/performance-growth.svg (the growth curves). `npm run bench:doc -- --render` only redraws both from
// docs/performance.json; `-- --from file.json` takes the figures from a saved `npm run bench -- --json` output.
// Growth curves are found by name: figures `<series>.<size>` (a whole number, e.g. `store.save.statBlock.10000`)
// in ms or bytes with two or more sizes make one curve, each cost divided by the cost at its smallest size.
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { root } from './lib.mjs'

const args = process.argv.slice(2)
const docs = join(root, 'docs')
const dataFile = join(docs, 'performance.json')

function machine() {
  return { nproc: availableParallelism(), cpu: cpus()[0]?.model?.trim() ?? 'unknown', node: process.version, platform: `${process.platform} ${process.arch}`, loadavg: loadavg().map((x) => Number(x.toFixed(2))) }
}

function runBench() {
  const before = machine()
  const started = new Date().toISOString()
  const r = spawnSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), '--tsconfig', 'tsconfig.node.json', 'bench/run.ts', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] })
  if (r.status !== 0) throw new Error(`bench failed (exit ${r.status})`)
  const figures = JSON.parse(r.stdout.slice(r.stdout.indexOf('{')))
  return { ranAt: started, machine: { ...before, loadavgAfter: loadavg().map((x) => Number(x.toFixed(2))) }, figures }
}

/**
 * The history bench names its two sizes `small` and `large` (bench/history.bench.ts: 100 events in the encounter,
 * and 10,000 in a 50,000-line session): their sizes for the curves.
 */
const NAMED_SIZES = { small: 100, large: 10_000 }

/**
 * `a.b.<size>` figures (ms or bytes-like units; the size a whole number, `25k`, or a name of NAMED_SIZES) grouped
 * by `a.b`, each with 2+ sizes, sorted by size
 */
export function growthSeries(figures) {
  const groups = new Map()
  for (const [key, f] of Object.entries(figures)) {
    const m = /^(.*)\.(?:(\d+)(k?)|(small|large))$/.exec(key)
    if (!m || !['ms', 'B', 'KiB', 'bytes', 'µs'].includes(f.unit)) continue
    const size = m[4] ? NAMED_SIZES[m[4]] : Number(m[2]) * (m[3] ? 1000 : 1)
    const list = groups.get(m[1]) ?? []
    list.push({ size, value: f.value, unit: f.unit })
    groups.set(m[1], list)
  }
  return [...groups].filter(([, pts]) => pts.length >= 2 && pts.every((p) => p.value > 0)).map(([name, pts]) => ({ name, points: pts.sort((a, b) => a.size - b.size) }))
}

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22']

const short = (n) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n))

/**
 * A small line chart: each series' cost ÷ its cost at its smallest size, against its size ÷ its smallest size
 * (log scale), with the flat line (constant cost) and the linear one (cost grows as the size does).
 */
export function growthSvg(series) {
  const W = 760, H = 400, L = 56, R = 300, T = 28, B = 44
  const pw = W - L - R, ph = H - T - B
  const sizes = series.flatMap((s) => s.points.map((p) => p.size / s.points[0].size))
  const ratios = series.flatMap((s) => s.points.map((p) => p.value / s.points[0].value))
  const xMin = Math.min(...sizes), xMax = Math.max(...sizes)
  const yMax = Math.max(2, Math.ceil(Math.max(...ratios) * 1.1))
  const lx = (v) => (xMax === xMin ? L + pw / 2 : L + ((Math.log(v) - Math.log(xMin)) / (Math.log(xMax) - Math.log(xMin))) * pw)
  const ly = (v) => T + ph - (Math.min(v, yMax) / yMax) * ph
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`]
  out.push(`<rect width="${W}" height="${H}" fill="#fff"/>`)
  out.push(`<text x="${L}" y="16" font-size="13" font-weight="bold">Growth: cost ÷ cost at the smallest size (npm run bench)</text>`)
  // axes and grid
  for (let y = 0; y <= yMax; y += yMax > 10 ? Math.ceil(yMax / 8) : 1) {
    out.push(`<line x1="${L}" y1="${ly(y)}" x2="${L + pw}" y2="${ly(y)}" stroke="#eee"/><text x="${L - 6}" y="${ly(y) + 4}" text-anchor="end">${y}×</text>`)
  }
  const ticks = [...new Set(sizes)].sort((a, b) => a - b)
  for (const s of ticks) out.push(`<line x1="${lx(s)}" y1="${T}" x2="${lx(s)}" y2="${T + ph}" stroke="#f3f3f3"/><text x="${lx(s)}" y="${T + ph + 14}" text-anchor="middle">${Number(s.toFixed(2))}×</text>`)
  out.push(`<line x1="${L}" y1="${T + ph}" x2="${L + pw}" y2="${T + ph}" stroke="#333"/><line x1="${L}" y1="${T}" x2="${L}" y2="${T + ph}" stroke="#333"/>`)
  out.push(`<text x="${L + pw / 2}" y="${H - 8}" text-anchor="middle">size ÷ smallest size (log scale; events, lines, stat blocks…)</text>`)
  // the flat line (constant cost) and the linear line from the smallest size
  out.push(`<line x1="${L}" y1="${ly(1)}" x2="${L + pw}" y2="${ly(1)}" stroke="#999" stroke-dasharray="4 3"/>`)
  const lin = []
  for (let i = 0; i <= 40; i++) {
    const s = xMin * Math.pow(xMax / xMin, i / 40)
    if (s / xMin <= yMax) lin.push(`${lx(s).toFixed(1)},${ly(s / xMin).toFixed(1)}`)
  }
  out.push(`<polyline points="${lin.join(' ')}" fill="none" stroke="#bbb" stroke-dasharray="1 3"/>`)
  series.forEach((s, i) => {
    const c = COLORS[i % COLORS.length]
    const pts = s.points.map((p) => `${lx(p.size / s.points[0].size).toFixed(1)},${ly(p.value / s.points[0].value).toFixed(1)}`)
    out.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${c}" stroke-width="2"/>`)
    for (const p of pts) out.push(`<circle cx="${p.split(',')[0]}" cy="${p.split(',')[1]}" r="3" fill="${c}"/>`)
    const last = s.points.at(-1)
    out.push(`<rect x="${L + pw + 14}" y="${T + i * 18}" width="10" height="10" fill="${c}"/><text x="${L + pw + 28}" y="${T + i * 18 + 9}">${esc(s.name)} ${short(s.points[0].size)}→${short(last.size)}: ${(last.value / s.points[0].value).toFixed(2)}×</text>`)
  })
  const n = series.length
  out.push(`<line x1="${L + pw + 14}" y1="${T + n * 18 + 5}" x2="${L + pw + 24}" y2="${T + n * 18 + 5}" stroke="#999" stroke-dasharray="4 3"/><text x="${L + pw + 28}" y="${T + n * 18 + 9}">flat (constant cost)</text>`)
  out.push(`<line x1="${L + pw + 14}" y1="${T + (n + 1) * 18 + 5}" x2="${L + pw + 24}" y2="${T + (n + 1) * 18 + 5}" stroke="#bbb" stroke-dasharray="1 3"/><text x="${L + pw + 28}" y="${T + (n + 1) * 18 + 9}">linear in size</text>`)
  out.push('</svg>')
  return `${out.join('\n')}\n`
}

const isRatio = (key, f) => f.unit === 'ratio' || /\.(growth|ratio)$/.test(key)

export function renderMarkdown(data) {
  const { figures, machine: m, ranAt } = data
  const row = ([k, f]) => `| \`${k}\` | ${f.value} | ${f.unit} | ${esc(f.target)} |`
  const entries = Object.entries(figures)
  const ratios = entries.filter(([k, f]) => isRatio(k, f))
  const byModule = new Map()
  for (const e of entries.filter(([k, f]) => !isRatio(k, f))) {
    const mod = e[0].split('.')[0]
    byModule.set(mod, [...(byModule.get(mod) ?? []), e])
  }
  const lines = [
    '# Performance',
    '',
    '<!-- generated by `npm run bench:doc` (scripts/bench-doc.mjs) from docs/performance.json: edit the generator, not this file -->',
    '',
    'Issue 13 ("constant-cost play"): every per-action cost should stay flat as a session and a campaign grow. The figures',
    'below are one run of `npm run bench -- --json` (bench/*.bench.ts); growth ratios are measured within that one run',
    '(the cost at a large size ÷ the cost at a small size), so a loaded machine shifts the times more than the ratios.',
    '',
    '## The machine',
    '',
    `- ran at ${ranAt}`,
    `- \`nproc\`: ${m.nproc} (${esc(m.cpu)}), ${m.platform}`,
    `- node ${m.node}`,
    `- load average (1, 5, 15 min) before the run: ${m.loadavg.join(', ')}${m.loadavgAfter ? `; after: ${m.loadavgAfter.join(', ')}` : ''}`,
    ...(data.note ? ['', `> ${esc(data.note)}`] : []),
    '',
    '## Growth ratios',
    '',
    '| figure | value | unit | target |',
    '|---|---:|---|---|',
    ...ratios.map(row),
    '',
    '![growth curves](performance-growth.svg)',
    '',
    'Each curve is a family of figures `<name>.<size>` divided by its cost at the smallest size (log-scale sizes). A flat',
    'curve (the dashed line) is a constant cost; the dotted line is a cost linear in the size.',
    '',
    '## Every figure',
    '',
  ]
  for (const [mod, list] of byModule) lines.push(`### ${mod}`, '', '| figure | value | unit | target |', '|---|---:|---|---|', ...list.map(row), '')
  lines.push(
    '## Re-running',
    '',
    '- `npm run bench` prints every figure; `npm run bench -- --only store` one module; `-- --json` the JSON this page is made from.',
    '- `npm run bench:doc` runs the whole bench again and rewrites docs/performance.json, this page and docs/performance-growth.svg',
    '  (several minutes; run it on an idle machine: the load average is recorded above). `npm run bench:doc -- --render` only',
    '  redraws the page and the plot from docs/performance.json; `npm run bench:doc -- --from out.json` takes a saved',
    '  `npm run bench -- --json` output.',
    '- The bundle figures read the build (`npm run build` first, or the bench builds when out/renderer has no chunk map);',
    '  `node scripts/bundle-report.mjs` lists what each page loads.',
    '',
  )
  return lines.join('\n')
}

function main() {
  let data
  if (args.includes('--render')) data = JSON.parse(readFileSync(dataFile, 'utf8'))
  else if (args.includes('--from')) {
    const figures = {}
    // one file or several (`--from a.json --from b.json`, e.g. `npm run bench -- --only store --json` outputs)
    args.forEach((a, i) => {
      if (a !== '--from') return
      const t = readFileSync(args[i + 1], 'utf8')
      Object.assign(figures, JSON.parse(t.slice(t.indexOf('{'))))
    })
    data = { ranAt: new Date().toISOString(), machine: machine(), figures }
  } else data = runBench()
  if (args.includes('--note')) data.note = args[args.indexOf('--note') + 1]
  if (!args.includes('--render')) writeFileSync(dataFile, `${JSON.stringify(data, null, 1)}\n`)
  writeFileSync(join(docs, 'performance-growth.svg'), growthSvg(growthSeries(data.figures)))
  writeFileSync(join(docs, 'performance.md'), renderMarkdown(data))
  console.log(`bench-doc: wrote docs/performance.md, docs/performance-growth.svg${args.includes('--render') ? '' : ', docs/performance.json'}`)
}

main()
