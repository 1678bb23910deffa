import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { datasets, loadDataFile } from '../../src/dataset/index.ts'
import { jsonl, rejection, useTempData } from './temp-data.ts'

const data = useTempData()
const RED = `data:image/png;base64,${readFileSync('fixtures/images/pictures/red.png').toString('base64')}`
const BLUE = `data:image/png;base64,${readFileSync('fixtures/images/pictures/blue.png').toString('base64')}`

describe('images in samples', () => {
  it('reads a local image path of a messages list (relative to the data file) into a data URI, and keeps data: URIs and http URLs as given', async () => {
    const samples = await datasets.evalscope('fixtures/images/colours.jsonl').load()
    expect(samples.map((sample) => sample.input)).toEqual([
      [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What colour is this picture?' },
            { type: 'image_url', image_url: { url: RED } },
          ],
        },
      ],
      [
        { role: 'system', content: 'Answer with one word.' },
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/png;base64,iVBOR/) } },
            { type: 'text', text: 'What colour is this picture?' },
          ],
        },
      ],
      [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What colour is this picture?' },
            { type: 'image_url', image_url: { url: 'http://127.0.0.1:9/yellow.png' } },
          ],
        },
      ],
    ])
  })

  it("reads EvalScope's image_1 ... image_n fields of a multiple-choice file as the sample's images, in number order", async () => {
    const summary = await loadDataFile('fixtures/images/colours_mcq.jsonl')
    expect(summary.kind).toBe('mcq')
    expect(summary.samples[0]).toEqual({
      id: 'which-red',
      input: '<image 1> and <image 2>: which picture is red?',
      choices: ['the first', 'the second'],
      target: 'A',
      images: [RED, BLUE],
    })
    expect(summary.samples[1]!.images).toEqual([BLUE])
  })

  it('reads an OpenCompass ChatML image part, relative to the data file, as an image part of the message', async () => {
    const [sample] = await datasets.chatml('fixtures/images/colours_chatml.jsonl').load()
    expect(sample!.input).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What colour?' },
          { type: 'image_url', image_url: { url: RED } },
        ],
      },
    ])
  })

  it('refuses a missing image file with its file, line and field, an image in a system message, and a file that is no image', async () => {
    const path = data.file(
      'missing.jsonl',
      jsonl(
        {
          id: 'fine',
          messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] }],
          response: 'x',
        },
        {
          id: 'gone',
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: 'Colour?' },
                { type: 'image_url', image_url: { url: 'pictures/gone.png' } },
              ],
            },
          ],
          response: 'x',
        },
        {
          id: 'system',
          messages: [
            { role: 'system', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] },
            { role: 'user', content: 'Colour?' },
          ],
          response: 'x',
        },
      ),
    )
    expect(data.shown(await rejection(datasets.evalscope(path).load()))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/missing.jsonl:2: input.0.content.1.image_url.url: names image "pictures/gone.png", which is no file (no <dir>/pictures/gone.png beside the data file, nor pictures/gone.png from the working directory); a local image path is relative to the data file's folder or to the working directory
      <dir>/missing.jsonl:3: input.0.content.0.image_url.url: is an image in a "system" message; images go in user messages"
    `)
    const mcq = data.file(
      'notes_mcq.jsonl',
      jsonl({ id: 'odd', question: 'Colour?', A: 'red', B: 'blue', answer: 'A', image_1: 'notes.txt' }),
    )
    expect(data.shown(await rejection(datasets.evalscope(mcq).load()))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/notes_mcq.jsonl:1: image_1: names "notes.txt", which is not an image file evalsuite sends (.png, .jpg, .jpeg, .gif, .webp), nor an http(s) URL or data: URI"
    `)
  })
})
