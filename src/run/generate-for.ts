import { ConfigError, ModelError } from '../errors.ts'
import type { GenerateOptions, Model, ModelOutput } from '../model/index.ts'
import { imageCountOf, isTextOnly, shortList, type MediaMessage, type Sample } from '../schema/index.ts'

const SHOWN_IDS = 5

const IMAGE_MODEL_FIX =
  'Use a model that takes images (models.openai with a vision model, or a model object with generateWithImages), or leave these samples out with filter.'

/** Refuses, at collection, samples with images for a model that takes text only: nothing is dropped silently. */
export function checkImageModel(benchmark: string, model: Model, samples: readonly Sample[]): void {
  if (model.generateWithImages !== undefined) return
  const withImages = samples.filter((sample) => imageCountOf(sample) > 0).map((sample) => `"${sample.id}"`)
  if (withImages.length === 0) return
  throw new ConfigError(
    `Benchmark "${benchmark}": samples ${shortList(withImages, SHOWN_IDS)} hold images, and model "${model.name}" takes text only (it has no generateWithImages). ${IMAGE_MODEL_FIX}`,
  )
}

/** One call with the sample's messages: text through `generate`, messages with images through `generateWithImages`. */
export function generateFor(model: Model, messages: MediaMessage[], options: GenerateOptions | undefined): Promise<ModelOutput> {
  if (isTextOnly(messages)) return model.generate(messages, options)
  if (model.generateWithImages) return model.generateWithImages(messages, options)
  return Promise.reject(new ModelError(`Model "${model.name}" takes text only, and the messages hold images. ${IMAGE_MODEL_FIX}`))
}
