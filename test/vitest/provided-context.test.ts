import { expectTypeOf, inject, it } from 'vitest'
import {
  type GateSettings,
  ANNOTATE_SAMPLES_KEY,
  GATES_KEY,
  JUDGE_KEY,
  RECORDINGS_KEY,
  type ProvidedJudgeSettings,
  type RecordingSettings,
} from '../../src/schema/index.ts'

it("types what the plugin provides on Vitest's ProvidedContext, so inject needs no cast", () => {
  expectTypeOf(inject(RECORDINGS_KEY)).toEqualTypeOf<RecordingSettings | undefined>()
  expectTypeOf(inject(JUDGE_KEY)).toEqualTypeOf<ProvidedJudgeSettings | undefined>()
  expectTypeOf(inject(ANNOTATE_SAMPLES_KEY)).toEqualTypeOf<boolean | undefined>()
  expectTypeOf(inject(GATES_KEY)).toEqualTypeOf<GateSettings | undefined>()
})
