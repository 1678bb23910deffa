import { describe, expect, it } from 'vitest'
import { BUILTIN_METRICS, createMetricCatalog } from '../../src/metrics/index.ts'

describe('createMetricCatalog', () => {
  it('knows the built-in metrics, with direction, unit, range and how to show them', () => {
    const catalog = createMetricCatalog()
    expect(catalog.get('accuracy')).toMatchObject({
      kind: 'score',
      direction: 'higher',
      range: { min: 0, max: 1 },
      display: 'percent',
      scale: 100,
      precision: 1,
    })
    expect(catalog.get('latency')).toMatchObject({ kind: 'usage', direction: 'lower', unit: 'ms', display: 'number' })
    expect(catalog.get('cost')).toMatchObject({ kind: 'usage', direction: 'lower', unit: 'USD' })
    expect(Object.keys(BUILTIN_METRICS)).toEqual(
      expect.arrayContaining(['exact_match', 'f1', 'pass_rate', 'judge_score', 'input_tokens', 'output_tokens']),
    )
  })

  it('gives a name it does not know a diagnostic entry: no direction, a bare value', () => {
    const catalog = createMetricCatalog()
    expect(catalog.has('brevity')).toBe(false)
    expect(catalog.get('brevity')).toMatchObject({ kind: 'diagnostic', direction: 'none', display: 'number', precision: 4 })
  })

  it("adds the user's metrics: a [0, 1] range shows as a percentage, anything else as a number", () => {
    const catalog = createMetricCatalog({
      politeness: { direction: 'higher', range: [0, 1] },
      tool_calls: { direction: 'lower', unit: 'calls', precision: 1 },
    })
    expect(catalog.get('politeness')).toMatchObject({
      kind: 'score',
      direction: 'higher',
      display: 'percent',
      scale: 100,
      precision: 1,
      unit: null,
    })
    expect(catalog.get('tool_calls')).toMatchObject({
      kind: 'score',
      direction: 'lower',
      display: 'number',
      scale: 1,
      precision: 1,
      unit: 'calls',
      range: { min: null, max: null },
    })
  })

  it('lets the user override a built-in entry, keeping what is not overridden', () => {
    const catalog = createMetricCatalog({ latency: { direction: 'lower', unit: 's', scale: 0.001, precision: 2 } })
    expect(catalog.get('latency')).toMatchObject({ kind: 'usage', unit: 's', scale: 0.001, precision: 2, range: { min: 0, max: null } })
  })

  it('refuses bad entries at once, naming each', () => {
    expect(() =>
      createMetricCatalog({
        Politeness: { direction: 'higher' },
        tone: { direction: 'up' as 'higher' },
        span: { direction: 'higher', range: [1, 0] },
      }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: evalsuite({ metricDefinitions }): "Politeness": a metric name is snake_case (lower-case letters, digits and "_", starting with a letter); "tone.direction": Invalid option: expected one of "higher"|"lower"; "span.range": must be [min, max] with min < max.]`,
    )
  })
})
