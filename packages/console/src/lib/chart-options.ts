import uPlot from 'uplot'
import { epochOf } from './days.js'
import type { ChartData } from './overview.js'

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 })
// Everything charted is a whole number (counts, tokens, milliseconds): no 0.5 on an axis.
const WHOLE_STEPS = Array.from({ length: 10 }, (_, power) => [1, 2, 5].map((step) => step * 10 ** power)).flat()

/** The theme's colors as the canvas needs them: resolved, from the stylesheet's custom properties. */
export interface ChartColors {
  text: string
  grid: string
  series: string[]
}

const SERIES_VARIABLES = ['--chart-1', '--chart-2', '--chart-3', '--chart-4', '--chart-5', '--chart-6']

/** Reads the colors through a probe element (set through the CSSOM, which the CSP allows). */
export function readChartColors(): ChartColors {
  const probe = document.createElement('span')
  probe.hidden = true
  document.body.append(probe)
  const resolve = (variable: string) => {
    probe.style.color = `var(${variable})`
    return getComputedStyle(probe).color
  }
  const colors = { text: resolve('--muted'), grid: resolve('--border'), series: SERIES_VARIABLES.map(resolve) }
  probe.remove()
  return colors
}

/** uPlot's data: UTC days as epoch seconds, then one array per series. */
export const plotData = (chart: ChartData): uPlot.AlignedData => [chart.days.map(epochOf), ...chart.series.map((series) => series.values)]

export function plotOptions(chart: ChartData, width: number, colors: ChartColors): uPlot.Options {
  const axis = { stroke: colors.text, grid: { stroke: colors.grid, width: 1 }, ticks: { stroke: colors.grid, width: 1 } }
  return {
    width,
    height: 220,
    // The API counts UTC days: label them as such whatever the reader's zone.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: { y: { range: (_plot, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
    axes: [axis, { ...axis, size: 56, incrs: WHOLE_STEPS, values: (_plot, splits) => splits.map((value) => compact.format(value)) }],
    cursor: { drag: { x: false, y: false } },
    // Series names and colours only: exact numbers are in the table below each chart.
    legend: { live: false },
    series: [
      {},
      ...chart.series.map((series, index) => ({ label: series.label, stroke: colors.series[index % colors.series.length], width: 2, points: { show: true, size: 5 } })),
    ],
  }
}
