import { gateCatalog, type GateCatalog, type GateEntry } from '../metrics/index.ts'
import type { GateSettings, Threshold } from '../schema/index.ts'

const catalogs = new WeakMap<GateSettings, GateCatalog>()
let withoutPlugin: GateCatalog | undefined

/** The run's catalog, with the plugin's `metricDefinitions`; without the plugin (no settings), the built-in one, known to be partial. */
export function providedCatalog(settings: GateSettings | undefined): GateCatalog {
  if (settings === undefined) return (withoutPlugin ??= gateCatalog(undefined, false))
  let catalog = catalogs.get(settings)
  if (catalog === undefined) catalogs.set(settings, (catalog = gateCatalog(settings.metricDefinitions, true)))
  return catalog
}

/** The entries of a benchmark's thresholds: each metric, with every bound and the option path that sets it. */
export function thresholdEntries(thresholds: Readonly<Record<string, Threshold>>): GateEntry[] {
  return Object.entries(thresholds).map(([metric, threshold]) => {
    const path = `thresholds.${metric}`
    const option = (suffix = ''): string => `option "${path}${suffix}"`
    if (typeof threshold === 'number') return { option: option(), metric, bounds: [{ option: option(), value: threshold }] }
    const bounds: { option: string; value: number }[] = []
    const add = (suffix: string, value: number | undefined): void => {
      if (value !== undefined) bounds.push({ option: option(suffix), value })
    }
    add('.min', threshold.min)
    add('.max', threshold.max)
    for (const [subset, bound] of Object.entries(threshold.subsets ?? {})) {
      if (typeof bound === 'number') add(`.subsets.${subset}`, bound)
      else {
        add(`.subsets.${subset}.min`, bound.min)
        add(`.subsets.${subset}.max`, bound.max)
      }
    }
    return { option: option(), metric, bounds }
  })
}
