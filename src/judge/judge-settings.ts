import { ConfigError } from '../errors.ts'
import { models, type Model } from '../model/index.ts'
import { ProvidedJudgeSettingsSchema, type JudgeModelSpec, type ProvidedJudgeSettings, PARSED_ONCE } from '../schema/index.ts'
import type { JudgeSettings } from './judge-executor.ts'
import { isModel, type JudgeModel, type JudgeOptions } from './judge-options.ts'

/** The plugin's judge settings as the worker received them; without the plugin, none. */
export function parseProvidedJudgeSettings(value: unknown): ProvidedJudgeSettings {
  const parsed = ProvidedJudgeSettingsSchema.safeParse(value, PARSED_ONCE)
  return parsed.success ? parsed.data : { models: [], fromEnvironment: false, update: false }
}

// the key is read from the environment variable the spec names, so that no config file ever holds it; a missing key
// must not fall back to OPENAI_API_KEY, which would send one provider's key to another
function modelFromSpec(spec: JudgeModelSpec): Model {
  const { apiKeyEnv, ...options } = spec
  if (apiKeyEnv === undefined) return models.openai(options)
  const apiKey = process.env[apiKeyEnv]
  if (apiKey) return models.openai({ ...options, apiKey })
  const unusable = models.openai({ ...options, apiKey: 'unset' })
  return {
    name: unusable.name,
    ...(unusable.identity ? { identity: unusable.identity } : {}),
    hasCredentials: false,
    generate: () =>
      Promise.reject(
        new ConfigError(`Judge model "${spec.model}" needs its key in the environment variable ${apiKeyEnv}, which is not set.`),
      ),
  }
}

// a name or an endpoint means the same in a benchmark as in the plugin's options
function judgeModelOf(model: JudgeModel): Model {
  if (isModel(model)) return model
  return modelFromSpec(typeof model === 'string' ? { model } : model)
}

/**
 * The judge settings of a benchmark (or of plain tests): its own options over the plugin's (`provided`),
 * EVALSUITE_VERDICTS over both. Without an explicit mode, verdicts are replayed when a judge has no credentials and recorded otherwise.
 */
export function resolveJudgeSettings(
  own: Pick<JudgeOptions, 'model' | 'verdicts' | 'repeats' | 'aggregate' | 'quorum' | 'swap' | 'concurrency' | 'timeoutMs'> = {},
  provided: ProvidedJudgeSettings = parseProvidedJudgeSettings(undefined),
): JudgeSettings {
  const judges =
    own.model === undefined ? provided.models.map(modelFromSpec) : (Array.isArray(own.model) ? own.model : [own.model]).map(judgeModelOf)
  const chosen = provided.fromEnvironment ? provided.verdicts : (own.verdicts ?? provided.verdicts)
  const mode = chosen ?? (judges.some((judge) => judge.hasCredentials === false) ? 'replay' : 'record')
  const aggregate = own.aggregate ?? provided.aggregate
  const quorum = own.quorum ?? provided.quorum
  return {
    models: judges,
    mode,
    update: provided.update && mode !== 'live',
    repeats: own.repeats ?? provided.repeats ?? 1,
    ...(aggregate === undefined ? {} : { aggregate }),
    ...(quorum === undefined ? {} : { quorum }),
    swap: own.swap ?? provided.swap ?? true,
    concurrency: own.concurrency ?? provided.concurrency ?? 8,
    timeoutMs: own.timeoutMs ?? provided.timeoutMs ?? 120_000,
  }
}
