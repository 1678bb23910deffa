import { describe, expect, it } from 'vitest'
import { evaluateGate } from '../../src/report/gates.ts'

describe('evaluateGate', () => {
  it('treats a bare number as a floor that the value may equal', () => {
    expect(evaluateGate('accuracy', 0.7, 0.75)).toEqual({ metric: 'accuracy', threshold: 0.7, value: 0.75, passed: true, reason: '0.75 ≥ 0.7' })
    expect(evaluateGate('accuracy', 0.7, 0.7)).toMatchObject({ passed: true, reason: '0.7 ≥ 0.7' })
    expect(evaluateGate('accuracy', 0.7, 0.6)).toEqual({ metric: 'accuracy', threshold: 0.7, value: 0.6, passed: false, reason: '0.6 < min 0.7' })
  })

  it('treats { max } as a ceiling', () => {
    expect(evaluateGate('refusal', { max: 0.1 }, 0.05)).toMatchObject({ passed: true, reason: '0.05 ≤ 0.1' })
    expect(evaluateGate('refusal', { max: 0.1 }, 0.2)).toEqual({ metric: 'refusal', threshold: { max: 0.1 }, value: 0.2, passed: false, reason: '0.2 > max 0.1' })
  })

  it('checks both ends of { min, max }', () => {
    expect(evaluateGate('length', { min: 10, max: 20 }, 15)).toMatchObject({ passed: true, reason: '15 ≥ 10 and ≤ 20' })
    expect(evaluateGate('length', { min: 10, max: 20 }, 9)).toMatchObject({ passed: false, reason: '9 < min 10' })
    expect(evaluateGate('length', { min: 10, max: 20 }, 21)).toMatchObject({ passed: false, reason: '21 > max 20' })
  })

  it('fails the gate of a metric that no scored sample has, saying so', () => {
    expect(evaluateGate('f1', 0.5, null)).toEqual({ metric: 'f1', threshold: 0.5, value: null, passed: false, reason: 'no scored sample has "f1"' })
  })

  it('shows the value rounded to at most 3 decimals, without a dangling decimal point', () => {
    expect(evaluateGate('accuracy', 0.7, 2 / 3).reason).toBe('0.667 < min 0.7')
    expect(evaluateGate('accuracy', 0.9, 0.99996).reason).toBe('1 ≥ 0.9')
  })
})
