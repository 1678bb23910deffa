/**
 * A seeded generator of Gamma(shape, 1) variates from uniform numbers in [0, 1): Marsaglia and Tsang's squeeze for a
 * shape of 1 or more, and Gamma(shape + 1) · U^(1/shape) below 1 (a Jeffreys prior's 0.5). Normal variates come in
 * pairs from the Box–Muller transform. Draws from the generator it is given, in order, so a seed fixes every draw.
 */
export function createGamma(random: () => number): (shape: number) => number {
  let spare = Number.NaN
  const normal = (): number => {
    if (!Number.isNaN(spare)) {
      const value = spare
      spare = Number.NaN
      return value
    }
    // 1 − u, so that the logarithm never meets 0
    const radius = Math.sqrt(-2 * Math.log(1 - random()))
    const angle = 2 * Math.PI * random()
    spare = radius * Math.sin(angle)
    return radius * Math.cos(angle)
  }
  const gamma = (shape: number): number => {
    if (shape < 1) return gamma(shape + 1) * random() ** (1 / shape)
    const d = shape - 1 / 3
    const c = 1 / Math.sqrt(9 * d)
    for (;;) {
      const x = normal()
      let v = 1 + c * x
      if (v <= 0) continue
      v = v * v * v
      const u = random()
      if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v
    }
  }
  return gamma
}
