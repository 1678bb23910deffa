/** What a sample without a reference answer needs: said by `validate`, `evalsuite eval` and at collection alike. */
export const NEEDS_JUDGE = 'no reference: needs a judge'
