export { createRandom } from './create-random.ts'
export { hashText } from './hash-text.ts'
export { seededIndices, seededShuffle } from './seeded-order.ts'
