// Converts one LaTeX expression into mathjs syntax with every operator explicit. Only names from the tables below
// reach mathjs (functions) or become variables prefixed "_", so no text of a reply can call into mathjs; anything
// else makes the conversion fail, and the answers are then compared as text.

const FUNCTIONS: Record<string, string> = {
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  sec: 'sec',
  csc: 'csc',
  cot: 'cot',
  arcsin: 'asin',
  arccos: 'acos',
  arctan: 'atan',
  sinh: 'sinh',
  cosh: 'cosh',
  tanh: 'tanh',
  ln: 'log',
  log: 'log',
  exp: 'exp',
}
const CONSTANTS: Record<string, string> = { pi: 'pi', infty: 'Infinity' }
const OPERATORS: Record<string, string> = { cdot: '*', times: '*', div: '/', ast: '*' }
const GREEK = new Set([
  'alpha',
  'beta',
  'gamma',
  'delta',
  'epsilon',
  'varepsilon',
  'zeta',
  'eta',
  'theta',
  'vartheta',
  'iota',
  'kappa',
  'lambda',
  'mu',
  'nu',
  'xi',
  'rho',
  'sigma',
  'tau',
  'upsilon',
  'phi',
  'varphi',
  'chi',
  'psi',
  'omega',
  'Gamma',
  'Delta',
  'Theta',
  'Lambda',
  'Xi',
  'Pi',
  'Sigma',
  'Phi',
  'Psi',
  'Omega',
])

type Token = { type: 'number' | 'letter' | 'command' | 'char'; text: string }

const TOKEN = /\s*(?:(\d+(?:\.\d+)?|\.\d+)|([A-Za-z])|\\([A-Za-z]+)|(\S))/y

function tokenize(latex: string): Token[] {
  const tokens: Token[] = []
  TOKEN.lastIndex = 0
  while (TOKEN.lastIndex < latex.length) {
    const found = TOKEN.exec(latex)
    if (found === null) break
    if (found[1] !== undefined) tokens.push({ type: 'number', text: found[1] })
    else if (found[2] !== undefined) tokens.push({ type: 'letter', text: found[2] })
    else if (found[3] !== undefined) tokens.push({ type: 'command', text: found[3] })
    else if (found[4] !== undefined) tokens.push({ type: 'char', text: found[4] })
  }
  return tokens
}

class Unsupported extends Error {}

const CLOSING: Record<string, string> = { '(': ')', '[': ']', '{': '}' }

/** A recursive-descent reader of the tokens; each method returns mathjs text. */
class Converter {
  private at = 0
  constructor(private readonly tokens: Token[]) {}

  convert(): string {
    const result = this.expression()
    if (this.at < this.tokens.length) throw new Unsupported()
    return result
  }

  private peek(): Token | undefined {
    return this.tokens[this.at]
  }

  private isChar(text: string): boolean {
    const token = this.peek()
    return token?.type === 'char' && token.text === text
  }

  private expect(text: string): void {
    if (!this.isChar(text)) throw new Unsupported()
    this.at++
  }

  private expression(): string {
    let result = this.term()
    while (this.isChar('+') || this.isChar('-')) {
      const op = (this.tokens[this.at++] as Token).text
      result += ` ${op} ${this.term()}`
    }
    return result
  }

  private startsOperand(): boolean {
    const token = this.peek()
    if (token === undefined) return false
    if (token.type === 'char') return token.text === '(' || token.text === '{' || token.text === '['
    if (token.type === 'command') return !(token.text in OPERATORS)
    return true
  }

  private term(): string {
    let result = this.signed()
    for (;;) {
      const token = this.peek()
      if (token?.type === 'char' && (token.text === '*' || token.text === '/')) {
        this.at++
        result += ` ${token.text} ${this.signed()}`
      } else if (token?.type === 'command' && token.text in OPERATORS) {
        this.at++
        result += ` ${OPERATORS[token.text]} ${this.signed()}`
      } else if (this.startsOperand()) {
        result += ` * ${this.power()}`
      } else return result
    }
  }

  private signed(): string {
    if (this.isChar('-') || this.isChar('+')) {
      const op = (this.tokens[this.at++] as Token).text
      return `(${op}${this.signed()})`
    }
    return this.power()
  }

  private power(): string {
    let base = this.postfix()
    if (this.isChar('^')) {
      this.at++
      base = `(${base})^(${this.exponent()})`
    }
    return base
  }

  /** After "^": a group, or one token ("x^23" is x² · 3 in LaTeX). */
  private exponent(): string {
    const token = this.peek()
    if (token === undefined) throw new Unsupported()
    if (this.isChar('{')) return this.group()
    if (token.type === 'number') {
      if (token.text.length > 1) this.tokens[this.at] = { type: 'number', text: token.text.slice(1) }
      else this.at++
      return token.text[0] as string
    }
    if (this.isChar('-')) {
      this.at++
      return `-(${this.exponent()})`
    }
    return this.atom()
  }

  private postfix(): string {
    let result = this.atom()
    while (this.isChar('!')) {
      this.at++
      result = `gamma((${result}) + 1)`
    }
    return result
  }

  private group(): string {
    const open = (this.tokens[this.at++] as Token).text
    const inner = this.expression()
    this.expect(CLOSING[open] as string)
    return `(${inner})`
  }

  /** A number; "12\frac{3}{5}" is the mixed number 12 + 3/5, as in MATH's answers. */
  private number(text: string): string {
    const next = this.peek()
    if (next?.type === 'command' && next.text === 'frac' && /^\d+$/.test(text)) {
      const save = this.at
      this.at++
      const fraction = `${this.group()} / ${this.group()}`
      if (/^\(\d+\) \/ \(\d+\)$/.test(fraction)) return `(${text} + ${fraction})`
      this.at = save
    }
    return text
  }

  private letter(text: string): string {
    let name = text === 'e' || text === 'i' ? text : `_${text}`
    if (this.isChar('_')) {
      this.at++
      const sub = this.isChar('{')
        ? this.tokens
            .slice(this.at + 1, this.closingOf(this.at))
            .map((t) => t.text)
            .join('')
        : ((this.tokens[this.at] as Token | undefined)?.text ?? '')
      if (!/^\w+$/.test(sub)) throw new Unsupported()
      this.at = this.isChar('{') ? this.closingOf(this.at) + 1 : this.at + 1
      name = `_${text}_${sub}`
    }
    return name
  }

  private closingOf(open: number): number {
    let depth = 0
    for (let i = open; i < this.tokens.length; i++) {
      const t = this.tokens[i] as Token
      if (t.type !== 'char') continue
      if (t.text === '{') depth++
      else if (t.text === '}' && --depth === 0) return i
    }
    throw new Unsupported()
  }

  private atom(): string {
    const token = this.tokens[this.at++]
    if (token === undefined) throw new Unsupported()
    if (token.type === 'number') return this.number(token.text)
    if (token.type === 'letter') return this.letter(token.text)
    if (token.type === 'char') {
      if (token.text in CLOSING) {
        this.at--
        return this.group()
      }
      if (token.text === '|') {
        const inner = this.expression()
        this.expect('|')
        return `abs(${inner})`
      }
      throw new Unsupported()
    }
    return this.command(token.text)
  }

  private command(name: string): string {
    if (name in CONSTANTS) return CONSTANTS[name] as string
    if (GREEK.has(name)) return `_${name}`
    if (name === 'frac') return `(${this.group()} / ${this.group()})`
    if (name === 'sqrt') {
      const degree = this.isChar('[') ? this.group() : null
      // "\sqrt{x}^3" is the root cubed: a braced radicand ends at its brace, and the power applies to the root
      const radicand = this.isChar('{') ? this.group() : this.argument()
      return degree === null ? `sqrt(${radicand})` : `(${radicand})^(1 / ${degree})`
    }
    if (name === 'binom') {
      const [n, k] = [this.group(), this.group()]
      return `(gamma(${n} + 1) / (gamma(${k} + 1) * gamma(${n} - ${k} + 1)))`
    }
    const fn = FUNCTIONS[name]
    if (fn === undefined) throw new Unsupported()
    if (name === 'log' && this.isChar('_')) {
      this.at++
      const base = this.isChar('{') ? this.group() : this.atom()
      return `log(${this.argument()}, ${base})`
    }
    if (this.isChar('^')) {
      this.at++
      const exponent = this.exponent()
      return `(${fn}(${this.argument()}))^(${exponent})`
    }
    return `${fn}(${this.argument()})`
  }

  /** A function's argument: a bracketed group, or the plain product that follows ("\sin 2x"). */
  private argument(): string {
    if (this.isChar('(') || this.isChar('{') || this.isChar('[')) return this.power()
    let result = this.power()
    while (this.peek()?.type === 'letter' || this.peek()?.type === 'number') result += ` * ${this.power()}`
    return result
  }
}

/** The mathjs text of one LaTeX expression, or null when it uses anything this converter does not know. */
export function latexToMathjs(latex: string): string | null {
  try {
    const tokens = tokenize(latex)
    return tokens.length === 0 ? null : new Converter(tokens).convert()
  } catch (error) {
    if (error instanceof Unsupported) return null
    throw error
  }
}
