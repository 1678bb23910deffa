import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { readReport, runVitest } from './run-fixture.ts'

const pictureUri = (name: string): string => `data:image/png;base64,${readFileSync(`fixtures/images/pictures/${name}`).toString('base64')}`
const RED = pictureUri('red.png')
const BLUE = pictureUri('blue.png')

let server: FakeServer
beforeAll(async () => {
  // a vision endpoint: for two pictures, the letter of the red one; for one, the letter of its colour among red, blue
  server = await startFakeServer({
    reply: ({ messages }) => {
      const images = messages.flatMap((message) => message.images ?? [])
      if (images.length === 2) return `ANSWER: ${images[0] === RED ? 'A' : 'B'}`
      return images[0] === BLUE ? 'ANSWER: B' : 'ANSWER: A'
    },
  })
})
afterAll(() => server.close())

it("sends the image_N pictures of an eval file's dataset to the endpoint as image parts, and a function model gets them in generateWithImages", async () => {
  const run = await runVitest(['images.eval'], { OPENAI_BASE_URL: server.baseURL })
  expect(run.code).toBe(0)
  expect(server.requests.map((request) => request.messages.at(-1)!.images).sort()).toEqual([[BLUE], [RED, BLUE]])
  expect((await readReport('images')).counts).toMatchObject({ samples: 2, right: 2, errored: 0 })
  const counted = await readReport('images-function-model')
  expect(counted.counts).toMatchObject({ samples: 1, right: 1 })
  // the report shows where the images were, never their bytes
  expect(counted.samples[0]!.input).toBe('How many pictures? <image 2> then <image 1>')
})

it('refuses samples with images for a model typed for text, before any call, saying what to do', async () => {
  const before = server.requestCount
  const run = await runVitest(['images-text-model'], { OPENAI_BASE_URL: server.baseURL })
  expect(run.code).toBe(1)
  expect(run.stdout + run.stderr).toContain(
    'Benchmark "images-text-model": samples "red" hold images, and model "text-only" takes text only (it has no generateWithImages). Use a model that takes images (models.openai with a vision model, or a model object with generateWithImages), or leave these samples out with filter.',
  )
  expect(server.requestCount).toBe(before)
})
