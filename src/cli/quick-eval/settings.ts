import { z } from 'zod'
import type { DataFileOptions } from '../../dataset/index.ts'
import { PositiveIntSchema } from '../../schema/index.ts'

/** What `evalsuite eval` provides to the eval file it runs in Vitest. */
export const QuickEvalSettingsSchema = z.object({
  /** The data file, absolute. */
  file: z.string(),
  /** The benchmark's name in tables and reports: the file's name without its extension. */
  name: z.string(),
  model: z.string(),
  baseURL: z.string().optional(),
  judge: z.string().optional(),
  /** The split of a JSON file holding named splits. */
  split: z.string().optional(),
  /** The columns `--field` names for the sample's fields. */
  fields: z
    .object({
      input: z.string(),
      target: z.string(),
      choices: z.union([z.string(), z.array(z.string())]),
      id: z.string(),
      subset: z.string(),
      system: z.string(),
    })
    .partial()
    .optional(),
  /** The folders `--image-folder` names, absolute: local images may also be read from them. */
  imageFolders: z.array(z.string()).optional(),
  /** The subsets `--subset` selects. */
  subset: z.array(z.string()).optional(),
  limit: PositiveIntSchema.optional(),
  repeats: PositiveIntSchema.optional(),
  /** `--circular`: each question asked once per rotation of its options. */
  circular: z.boolean().optional(),
  concurrency: PositiveIntSchema.optional(),
  thresholds: z.record(z.string(), z.number()),
})
/** What `evalsuite eval` hands the eval file it runs in Vitest. */
export type QuickEvalSettings = z.infer<typeof QuickEvalSettingsSchema>

/** The options `loadDataFile` reads the file with, the same in `evalsuite eval`'s check and in the run. */
export function dataFileOptions(settings: Pick<QuickEvalSettings, 'split' | 'fields' | 'imageFolders'>): DataFileOptions {
  return {
    ...(settings.split ? { split: settings.split } : {}),
    ...(settings.fields ? { fields: settings.fields } : {}),
    ...(settings.imageFolders ? { imageFolders: settings.imageFolders } : {}),
  }
}
