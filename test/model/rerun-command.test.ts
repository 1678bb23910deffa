import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { recordSampleCommand } from '../../src/model/rerun-command.ts'

// what the shell hands Vitest as the -t argument of a single-quoted word
const patternOf = (command: string): string => /-t '((?:[^']|'\\'')*)'$/.exec(command)![1]!.replaceAll(`'\\''`, "'")

describe('recordSampleCommand', () => {
  it("names the eval file and a -t pattern matching the sample's test alone, in Vitest 4's and Vitest 5's full names", () => {
    const command = recordSampleCommand(join(process.cwd(), 'evals/math.eval.ts'), 'math', 'q1')
    expect(command).toBe("EVALSUITE_RECORDINGS=auto npx vitest run evals/math.eval.ts -t 'math( >)? q1: '")
    const pattern = new RegExp(patternOf(command))
    expect(pattern.test('math q1: What is 2 + 2?')).toBe(true)
    expect(pattern.test('math > q1: What is 2 + 2?')).toBe(true)
    expect(pattern.test('math > q10: What is 2 + 3?')).toBe(false)
    expect(pattern.test('math q10: What is 2 + 3?')).toBe(false)
    expect(pattern.test('other q1: What is 2 + 2?')).toBe(false)
  })

  it('escapes what a regular expression or the shell would read in the names', () => {
    const command = recordSampleCommand(join(process.cwd(), "evals/it's here.eval.ts"), 'gsm8k (v1.2)', "it's.q+1#2")
    expect(command).toBe(
      String.raw`EVALSUITE_RECORDINGS=auto npx vitest run 'evals/it'\''s here.eval.ts' -t 'gsm8k \(v1\.2\)( >)? it'\''s\.q\+1#2: '`,
    )
    const pattern = new RegExp(patternOf(command))
    expect(pattern.test("gsm8k (v1.2) it's.q+1#2: input")).toBe(true)
    expect(pattern.test("gsm8k (v1.2) > it's.q+1#2: input")).toBe(true)
    expect(pattern.test("gsm8k (v1x2) it's.q+1#2: input")).toBe(false)
  })

  it('matches the names of tests whose ids hold control characters, which the tests show written out', () => {
    const command = recordSampleCommand(join(process.cwd(), 'evals/math.eval.ts'), 'math\u001b[2J', 'q\u001b]8;;x\u0007')
    expect(command).not.toMatch(/[\u0000-\u001f]/)
    const pattern = new RegExp(patternOf(command))
    expect(pattern.test(String.raw`math\x1b[2J > q\x1b]8;;x\x07: input`)).toBe(true)
  })

  it("records a judge's verdicts with the same pattern", () => {
    const command = recordSampleCommand(join(process.cwd(), 'evals/judged.eval.ts'), 'judged', 'j4', 'verdicts')
    expect(command).toBe("EVALSUITE_VERDICTS=record npx vitest run evals/judged.eval.ts -t 'judged( >)? j4: '")
    expect(new RegExp(patternOf(command)).test('judged > j40: input')).toBe(false)
  })
})
