/** The seed of every resampling evalsuite does, so the same scores always give the same intervals and p-values. */
export const BOOTSTRAP_SEED = 20_240_601
