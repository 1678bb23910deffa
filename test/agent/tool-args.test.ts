import { expect, it } from 'vitest'
import { z } from 'zod'
import { matchToolCall, toolArgs } from '../../src/agent/index.ts'
import { call, trajectoryOf } from './trajectory-fixtures.ts'

const searched = trajectoryOf([call('search', { q: 'weather in Paris', limit: 5, filters: { lang: 'fr' } })])
const verdict = (args: unknown): string => {
  const match = matchToolCall(searched, 'search', args)
  return match.pass ? 'pass' : match.explanation
}

it('matches plain arguments exactly after JSON normalisation: key order aside, every key', () => {
  expect(verdict({ filters: { lang: 'fr' }, limit: 5, q: 'weather in Paris' })).toBe('pass')
  expect(verdict({ q: 'weather in Paris', limit: 5 })).toMatchInlineSnapshot(
    `"step 1: called \`search\` with \`{ q: "weather in Paris", limit: 5, filters: { lang: "fr" } }\`: unexpected argument "filters""`,
  )
  expect(verdict({ q: 'weather in Paris', limit: 5.5, filters: { lang: 'fr' } })).toMatchInlineSnapshot(
    `"step 1: called \`search\` with \`{ q: "weather in Paris", limit: 5, filters: { lang: "fr" } }\`: argument "limit": expected 5.5, received 5"`,
  )
})

it('matches a subset of keys with toolArgs.partial, nested values by path', () => {
  expect(verdict(toolArgs.partial({ q: 'weather in Paris' }))).toBe('pass')
  expect(verdict(toolArgs.partial({ filters: { lang: 'en' } }))).toMatchInlineSnapshot(
    `"step 1: called \`search\` with \`{ q: "weather in Paris", limit: 5, filters: { lang: "fr" } }\`: argument "filters".lang: expected "en", received "fr""`,
  )
  expect(verdict(toolArgs.partial({ page: 2 }))).toContain('argument "page" is missing, expected 2')
})

it('matches by zod schema, naming the argument the schema refused', () => {
  expect(verdict(z.object({ q: z.string(), limit: z.number().int() }))).toBe('pass')
  expect(verdict(z.object({ q: z.string(), limit: z.number().max(3) }))).toContain('argument "limit": Too big')
})

it('matches by predicate, whose returned sentence says why the arguments are wrong', () => {
  expect(verdict((args: unknown) => JSON.stringify(args).includes('Paris'))).toBe('pass')
  expect(
    verdict(function mentionsLondon(args: unknown) {
      return JSON.stringify(args).includes('London')
    }),
  ).toContain('the arguments failed the predicate mentionsLondon')
  expect(verdict(() => 'the city is not London')).toContain(': the city is not London')
})

it('matches by lists of acceptable values per argument (BFCL form), "" marking an argument that may be left out', () => {
  expect(
    verdict(toolArgs.oneOf({ q: ['weather in Paris', 'Paris weather'], limit: [5, 10], filters: [{ lang: 'fr' }], page: [1, ''] })),
  ).toBe('pass')
  expect(verdict(toolArgs.oneOf({ q: ['Paris weather'], limit: [5], filters: [{ lang: 'fr' }] }))).toContain(
    'argument "q": expected one of ["Paris weather"], received "weather in Paris"',
  )
  expect(verdict(toolArgs.oneOf({ q: ['weather in Paris'], limit: [5], filters: [{ lang: 'fr' }], page: [1] }))).toContain(
    'argument "page" is missing, expected one of [1]',
  )
  expect(verdict(toolArgs.oneOf({ q: ['weather in Paris'], limit: [5] }))).toContain('unexpected argument "filters"')
})

it('lets a plain object hold a spec for one of its values', () => {
  expect(verdict({ q: (q: unknown) => typeof q === 'string', limit: 5, filters: toolArgs.partial({}) })).toBe('pass')
  expect(verdict({ q: z.string().startsWith('news'), limit: 5, filters: { lang: 'fr' } })).toContain('argument "q"')
})

it('matches no spec when the model wrote arguments that are not JSON', () => {
  const broken = trajectoryOf([
    { id: '1', name: 'search', arguments: undefined, rawArguments: '{"q": ', error: 'Unexpected end of JSON input' },
  ])
  expect(matchToolCall(broken, 'search').pass).toBe(true)
  expect(matchToolCall(broken, 'search', toolArgs.partial({})).explanation).toMatchInlineSnapshot(
    `"step 1: called \`search\` with \`{"q": \`: its arguments are not valid JSON (Unexpected end of JSON input)"`,
  )
})
