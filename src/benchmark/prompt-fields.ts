import { ConfigError } from '../errors.ts'
import { closestName } from '../metrics/index.ts'
import { fieldNames, hasField, templateFields } from '../prompt/index.ts'
import type { Sample } from '../schema/index.ts'
import type { Benchmark } from './define-benchmark.ts'

// one template and what it is filled from: the samples (or examples) and the fields the prompt code adds to theirs
interface TemplateUse {
  option: string
  template: string
  samples: readonly Sample[]
  extra: readonly string[]
}

function problemsOf({ option, template, samples, extra }: TemplateUse): string[] {
  const problems: string[] = []
  for (const field of templateFields(template)) {
    if (extra.includes(field)) continue
    const lacking = samples.filter((sample) => !hasField(sample, field))
    if (lacking.length === 0) continue
    const known = [...new Set([...samples.flatMap(fieldNames), ...extra])]
    const have = `The samples have ${known.map((name) => `{${name}}`).join(', ')}.`
    if (lacking.length < samples.length) {
      problems.push(
        `option "${option}" uses "{${field}}", which ${lacking.length} of ${samples.length} samples lack (the first: "${lacking[0]!.id}"). ${have}`,
      )
      continue
    }
    const near = closestName(field, known)
    problems.push(
      `option "${option}" uses "{${field}}", which no sample has${near === undefined ? '' : `; did you mean "{${near}}"?`} ${have}`,
    )
  }
  return problems
}

/**
 * Refuses, at collection, a template field that a sample to run (or one of its few-shot examples) does not have:
 * filled per sample, a misspelt `{inptu}` would otherwise err every sample once the model calls had begun.
 */
export function checkPromptFields(
  definition: Benchmark,
  planned: readonly Sample[],
  examples: ReadonlyMap<string, readonly Sample[]>,
  where: string,
): void {
  // a repeated sample (or each rotation of its options) is planned once per attempt
  const samples = [...new Map(planned.map((sample) => [sample.id, sample])).values()]
  const uses: TemplateUse[] = []
  if (typeof definition.prompt === 'string') {
    uses.push({
      option: 'prompt',
      template: definition.prompt,
      samples: samples.filter((sample) => typeof sample.input === 'string'),
      extra: [],
    })
  }
  const prompted = samples.filter((sample) => (examples.get(sample.id)?.length ?? 0) > 0)
  if (prompted.length > 0 && definition.fewShotTemplate !== undefined) {
    uses.push({ option: 'fewShotTemplate', template: definition.fewShotTemplate, samples: prompted, extra: ['examples', 'prompt'] })
  }
  if (prompted.length > 0 && typeof definition.toFewShot === 'string') {
    const drawn = [...new Map(prompted.flatMap((sample) => examples.get(sample.id)!).map((example) => [example.id, example])).values()]
    uses.push({ option: 'toFewShot', template: definition.toFewShot, samples: drawn, extra: ['target'] })
  }
  const problems = uses.flatMap(problemsOf)
  if (problems.length > 0) throw new ConfigError(`${where}: ${problems.join(' ')}`)
}
