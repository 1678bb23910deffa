import { describe, expect, it } from 'vitest'
import { answered, judged, question } from './bfcl-rules.ts'

// a function of every parameter type the BFCL files use
const booking = question('rules_0', [
  {
    name: 'travel.book_hotel',
    description: 'Book a hotel room.',
    parameters: {
      type: 'dict',
      properties: {
        city: { type: 'string', description: 'City name' },
        nights: { type: 'integer', description: 'Nights' },
        budget: { type: 'float', description: 'Per night, in USD' },
        breakfast: { type: 'boolean', description: 'With breakfast' },
        guests: { type: 'array', items: { type: 'string' }, description: 'Guest names' },
        ratings: { type: 'array', items: { type: 'float' }, description: 'Acceptable ratings' },
        room: { type: 'dict', properties: { kind: { type: 'string' }, floor: { type: 'integer' } }, description: 'Room wishes' },
        stops: { type: 'array', items: { type: 'dict' }, description: 'Stops on the way' },
        note: { type: 'any', description: 'Anything' },
        coupon: { type: 'string', description: 'Coupon code' },
      },
      required: ['city', 'nights'],
    },
  },
])
const truth = [
  {
    'travel.book_hotel': {
      city: ['New York, NY', 'NYC'],
      nights: [3],
      budget: [150.0, ''],
      breakfast: [true, ''],
      guests: [['Ann Lee', 'Bo'], ''],
      ratings: [[4.5, 5.0], ''],
      room: [{ kind: ['double', ''], floor: [2] }, ''],
      stops: [[{ place: ['Boston'] }, { place: ['Hartford', 'hartford'] }], ''],
      note: ['late arrival', ''],
      coupon: ['', null],
    },
  },
]
const book = (args: string): string => judged(booking, truth, answered(['travel_book_hotel', args]))

describe('BFCL AST rules, each right and wrong', () => {
  it('function name: the offered name (dots as "_") of the answer\'s function', () => {
    expect(book('{"city": "NYC", "nights": 3}')).toBe('right')
    expect(judged(booking, truth, answered(['travel_book_flight', '{"city": "NYC", "nights": 3}']))).toMatchInlineSnapshot(
      `"expected \`travel_book_hotel\` with arguments passing BFCL's checker, but \`travel_book_hotel\` was not called: step 1 called \`travel_book_flight\` with \`{ city: "NYC", nights: 3 }\`"`,
    )
  })

  it('required parameters: each given', () => {
    expect(book('{"city": "NYC", "nights": 3}')).toBe('right')
    expect(book('{"city": "NYC"}')).toMatchInlineSnapshot(
      `"step 1: called \`travel_book_hotel\` with \`{ city: "NYC" }\`: required argument "nights" is missing"`,
    )
  })

  it('no unknown parameters: none outside the function, nor outside the possible answer', () => {
    expect(book('{"city": "NYC", "nights": 3, "stars": 4}')).toContain('unexpected argument "stars"')
    const narrow = [{ 'travel.book_hotel': { city: ['NYC'], nights: [3] } }]
    expect(judged(booking, narrow, answered(['travel_book_hotel', '{"city": "NYC", "nights": 3, "budget": 150}']))).toContain(
      'unexpected argument "budget"',
    )
  })

  it('types: each value of its parameter\'s type, a boolean no integer, "any" a string', () => {
    expect(book('{"city": "NYC", "nights": 3, "breakfast": true, "note": "late arrival"}')).toBe('right')
    expect(book('{"city": "NYC", "nights": "3"}')).toContain('argument "nights": expected type int, received str "3"')
    expect(book('{"city": "NYC", "nights": 3, "breakfast": 1}')).toContain('argument "breakfast": expected type bool, received int 1')
    expect(book('{"city": "NYC", "nights": true}')).toContain('expected type int, received bool true')
    expect(book('{"city": "NYC", "nights": 3, "note": 7}')).toContain('argument "note": expected type str')
  })

  it('an integer passes for a float, a float never for an integer', () => {
    expect(book('{"city": "NYC", "nights": 3, "budget": 150}')).toBe('right')
    expect(book('{"city": "NYC", "nights": 3, "budget": 150.0}')).toBe('right')
    expect(book('{"city": "NYC", "nights": 3.5}')).toContain('argument "nights": expected type int, received float 3.5')
  })

  it('the reply read as written: an integer written 3.0 is a float, not 3', () => {
    expect(book('{"city": "NYC", "nights": 3}')).toBe('right')
    expect(book('{"city": "NYC", "nights": 3.0}')).toContain('argument "nights": expected type int, received float 3.0')
    expect(book('{"city": "NYC", "nights": 3e0}')).toContain('received float')
  })

  it('string normalisation: case, spaces and ,./-_*^ do not count, other letters do', () => {
    expect(book('{"city": "new york ny", "nights": 3}')).toBe('right')
    expect(book('{"city": "N.Y.C.", "nights": 3}')).toBe('right')
    expect(book('{"city": "New York", "nights": 3}')).toContain('argument "city": "New York" is not one of ["New York, NY", "NYC"]')
  })

  it("lists: item by item in order, strings normalised, items of the items' type", () => {
    expect(book('{"city": "NYC", "nights": 3, "guests": ["ann lee", "BO"]}')).toBe('right')
    expect(book('{"city": "NYC", "nights": 3, "guests": ["Bo", "Ann Lee"]}')).toContain(
      'argument "guests": ["Bo", "Ann Lee"] is not one of',
    )
    const lists = '[{"travel.book_hotel": {"city": ["NYC"], "nights": [3], "guests": [["Ann Lee", "Bo"]], "ratings": [[4.5, 5.0]]}}]'
    const listed = (args: string): string => judged(booking, lists, answered(['travel_book_hotel', args]))
    expect(listed('{"city": "NYC", "nights": 3, "guests": ["Ann Lee", "Bo"], "ratings": [4.5, 5.0]}')).toBe('right')
    expect(listed('{"city": "NYC", "nights": 3, "guests": ["Ann Lee", 2], "ratings": [4.5, 5.0]}')).toContain(
      'the items of ["Ann Lee", 2] must be str',
    )
    // the item check has no integer-for-float allowance: 5 is an int where the list's items are floats
    expect(listed('{"city": "NYC", "nights": 3, "guests": ["Ann Lee", "Bo"], "ratings": [4.5, 5]}')).toContain(
      'the items of [4.5, 5] must be float',
    )
    // unless "" is among the acceptable values, which ends the item check as the checker's does, and 5 == 5.0
    expect(book('{"city": "NYC", "nights": 3, "ratings": [4.5, 5]}')).toBe('right')
  })

  it('nested dicts: key by key, no unknown key, a key left out only when "" is among its values', () => {
    expect(book('{"city": "NYC", "nights": 3, "room": {"floor": 2}}')).toBe('right')
    expect(book('{"city": "NYC", "nights": 3, "room": {"floor": 2, "kind": "Double"}}')).toBe('right')
    expect(book('{"city": "NYC", "nights": 3, "room": {"kind": "double"}}')).toContain('argument "room": key "floor" is missing')
    expect(book('{"city": "NYC", "nights": 3, "room": {"floor": 2, "view": "sea"}}')).toContain('argument "room": unexpected key "view"')
    expect(book('{"city": "NYC", "nights": 3, "room": {"floor": 3}}')).toContain('argument "room": key "floor": 3 is not one of [2]')
  })

  it('lists of dicts: as many dicts as the answer, each matched in its place', () => {
    expect(book('{"city": "NYC", "nights": 3, "stops": [{"place": "boston"}, {"place": "Hartford"}]}')).toBe('right')
    expect(book('{"city": "NYC", "nights": 3, "stops": [{"place": "Hartford"}, {"place": "Boston"}]}')).toContain('argument "stops"')
    expect(book('{"city": "NYC", "nights": 3, "stops": [{"place": "Boston"}]}')).toContain('argument "stops"')
  })

  it('optional parameters: one whose acceptable values include "" may be left out, any other must be given', () => {
    expect(book('{"city": "NYC", "nights": 3}')).toBe('right')
    const strict = [{ 'travel.book_hotel': { city: ['NYC'], nights: [3], budget: [150.0] } }]
    expect(judged(booking, strict, answered(['travel_book_hotel', '{"city": "NYC", "nights": 3}']))).toContain(
      'argument "budget" is missing, expected one of [150]',
    )
  })

  it('a value of the acceptable values\' own type is taken as it is: null where they are "" and None', () => {
    expect(book('{"city": "NYC", "nights": 3, "coupon": null}')).toBe('right')
    expect(book('{"city": "NYC", "nights": 3, "budget": null}')).toContain('argument "budget": expected type float, received none null')
  })

  it('acceptable values are read as written too: a float answer 150.0 takes 150 and 150.0', () => {
    const written = '[{"travel.book_hotel": {"city": ["NYC"], "nights": [3], "budget": [150.0]}}]'
    expect(judged(booking, written, answered(['travel_book_hotel', '{"city": "NYC", "nights": 3, "budget": 150}']))).toBe('right')
    expect(judged(booking, written, answered(['travel_book_hotel', '{"city": "NYC", "nights": 3, "budget": 149.5}']))).toContain(
      '149.5 is not one of [150.0]',
    )
  })

  it('arguments that are not JSON are wrong', () => {
    expect(book('{"city": "NYC", "nights": 3')).toContain('its arguments are not valid JSON')
  })
})

describe('BFCL categories', () => {
  const weather = question('parallel_0', [
    {
      name: 'get_weather',
      description: 'Weather',
      parameters: { type: 'dict', properties: { city: { type: 'string' }, unit: { type: 'string' } }, required: ['city'] },
    },
  ])
  const both = [{ get_weather: { city: ['Paris'], unit: ['', 'celsius'] } }, { get_weather: { city: ['Rome'], unit: ['', 'celsius'] } }]

  it("parallel: the calls matched to the answer's in any order, as many as it has", () => {
    expect(judged(weather, both, answered(['get_weather', '{"city": "Rome"}'], ['get_weather', '{"city": "paris"}']), 'parallel')).toBe(
      'right',
    )
    expect(judged(weather, both, answered(['get_weather', '{"city": "Rome"}']), 'parallel')).toMatchInlineSnapshot(
      `"expected \`get_weather\` with arguments passing BFCL's checker, but the one call made matched another expected call"`,
    )
    expect(
      judged(
        weather,
        both,
        answered(['get_weather', '{"city": "Rome"}'], ['get_weather', '{"city": "Paris"}'], ['get_weather', '{"city": "Oslo"}']),
        'parallel',
      ),
    ).toContain('which no expected call matches')
  })

  it("simple and multiple: exactly one call, to the answer's function among those offered", () => {
    const offered = question('multiple_0', [
      ...(weather.function as unknown[]),
      { name: 'get_time', description: 'Time', parameters: { type: 'dict', properties: { city: { type: 'string' } }, required: ['city'] } },
    ])
    const paris = [{ get_weather: { city: ['Paris'], unit: [''] } }]
    expect(judged(offered, paris, answered(['get_weather', '{"city": "Paris"}']), 'multiple')).toBe('right')
    expect(judged(offered, paris, answered(['get_time', '{"city": "Paris"}']), 'multiple')).toContain('expected `get_weather`')
    expect(
      judged(offered, paris, answered(['get_weather', '{"city": "Paris"}'], ['get_weather', '{"city": "Paris"}']), 'multiple'),
    ).toContain('which no expected call matches')
    expect(judged(offered, paris, answered(), 'multiple')).toBe(
      "expected `get_weather` with arguments passing BFCL's checker, but no tool was called",
    )
  })

  it('irrelevance: right when no function is called, wrong on any call', () => {
    expect(judged(weather, undefined, answered(), 'irrelevance')).toBe('right')
    expect(judged(weather, undefined, answered(['get_weather', '{"city": "Paris"}']), 'irrelevance')).toMatchInlineSnapshot(
      `"step 1: called \`get_weather\` with \`{ city: "Paris" }\`, which no expected call matches"`,
    )
  })
})
