import { describe, expect, it } from 'vitest'
import { matchMath, matchNumber } from '../../src/scoring/index.ts'

describe('numbers written with a decimal comma', () => {
  it('reads a comma the digits after which cannot be a thousands group as a decimal comma', () => {
    expect(matchNumber('Le prix total est de 3,75 € par personne.', 3.75).pass).toBe(true)
    expect(matchNumber('Das Ergebnis ist 0,125.', 0.125).pass).toBe(true)
    expect(matchNumber('Die Summe beträgt 1250,5 Euro.', 1250.5).pass).toBe(true)
    expect(matchMath('Resultado: 7,5 $ por unidad.', '7.5').pass).toBe(true)
  })

  it('keeps a group of three digits a thousands group', () => {
    expect(matchNumber('The town has 12,500 people.', 12500).pass).toBe(true)
    expect(matchNumber('The town has 12,500 people.', 12.5).pass).toBe(false)
  })

  it('does not join the items of a list or a coordinate pair into one number', () => {
    expect(matchNumber('The first terms are 1,2,3', 3).pass).toBe(true)
    expect(matchNumber('The point is (4,25)', 25).pass).toBe(true)
    expect(matchNumber('She picked 4, 25 were left', 25).pass).toBe(true)
  })
})

describe('currency signs beside math delimiters', () => {
  it('reads an escaped dollar inside math as a currency sign, taking the value an equality ends in', () => {
    expect(matchMath('So the price is $ 4 \\cdot 2.5 \\$ = 10 $', '10').pass).toBe(true)
    expect(matchMath('So the price is $ 4 \\cdot 2.5 \\$ = 10 $', '4').pass).toBe(false)
  })

  it('still compares an equation target as an equation', () => {
    expect(matchMath('$\\boxed{2x+y}$', '9 = 2x + y').pass).toBe(false)
  })
})

describe('digits inside a word', () => {
  it('are not a number', () => {
    expect(matchMath('QWKT4B', '4').pass).toBe(false)
    expect(matchNumber('Serial QWKT4B', 4)).toMatchObject({ pass: false, extracted: null })
    expect(matchNumber('Flight BA2490 leaves at 9', 9).pass).toBe(true)
  })
})
