import type { ExpectedCall } from '../../agent/index.ts'
import { callMismatch } from './ast-checker.ts'
import { toolName } from './bfcl-functions.ts'
import { parseGroundTruth } from './bfcl-data.ts'
import type { BfclMetadata } from './bfcl-sample.ts'
import { readPythonJson, type PythonValue } from './python-value.ts'

/**
 * The calls a BFCL sample expects, for `toCallTools(expected, { order: 'any', extra: 'forbid' })`: each the offered
 * name of a function of the possible answer, its arguments judged by the AST checker's rules on the text the model
 * wrote (so `5.0` stays a float). An irrelevance sample expects none.
 */
export function bfclExpectedCalls(metadata: BfclMetadata): ExpectedCall[] {
  if (metadata.answer === undefined) return []
  return parseGroundTruth(metadata.answer).map(({ name, parameters }) => {
    const fn = metadata.functions.find((candidate) => candidate.name === name)!
    const rules = (_args: unknown, call: { rawArguments: string }): true | string => {
      let written: PythonValue
      try {
        written = readPythonJson(call.rawArguments.trim() === '' ? '{}' : call.rawArguments)
      } catch (error) {
        return `its arguments are not JSON (${(error as Error).message})`
      }
      return callMismatch(fn, written, parameters) ?? true
    }
    // named for the message of a call that fit no expected call: "expected `fn` with arguments passing BFCL's checker"
    Object.defineProperty(rules, 'name', { value: "BFCL's checker" })
    return { name: toolName(name), arguments: rules }
  })
}
