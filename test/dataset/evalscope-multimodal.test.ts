import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/run-cli.ts'
import { datasets, loadDataFile } from '../../src/dataset/index.ts'
import { buildPrompt } from '../../src/prompt/index.ts'
import type { Sample } from '../../src/schema/index.ts'
import { jsonl, rejection, useTempData } from './temp-data.ts'

// EvalScope's own multimodal examples, byte for byte (fixtures/real/SOURCES.md). Their image paths are relative to the
// folder EvalScope runs from, so these tests run from that folder, as a user of EvalScope would.
const EVALSCOPE_ROOT = 'fixtures/real/evalscope'
const MCQ = 'custom_eval/multimodal/mcq'
const VQA = 'custom_eval/multimodal/vqa'
const data = useTempData()
const uri = (name: string): string =>
  `data:image/jpeg;base64,${readFileSync(`${EVALSCOPE_ROOT}/custom_eval/multimodal/images/${name}`).toString('base64')}`
let projectRoot: string
let DOG: string, AMNH: string, TESLA: string, TOKYO: string, RUNNING: string
beforeAll(() => {
  ;[DOG, AMNH, TESLA, TOKYO, RUNNING] = ['dog.jpg', 'AMNH.jpg', 'tesla.jpg', 'tokyo.jpg', 'running.jpg'].map(uri) as [
    string,
    string,
    string,
    string,
    string,
  ]
  projectRoot = process.cwd()
  process.chdir(EVALSCOPE_ROOT)
})
afterAll(() => process.chdir(projectRoot))

/** The image parts of the last user message of the sample's default prompt: what the model is sent. */
function sentImages(sample: Sample): string[] {
  const messages = buildPrompt({ name: 'multimodal' }, sample, [])
  const last = messages.findLast((message) => message.role === 'user')!
  return typeof last.content === 'string' ? [] : last.content.flatMap((part) => (part.type === 'image_url' ? [part.image_url.url] : []))
}

async function validate(...args: string[]): Promise<string> {
  let out = ''
  const write = (text: string): void => void (out += text)
  expect(await runCli(['validate', ...args], { stdout: { write }, stderr: { write } })).toBe(0)
  return out
}

describe("EvalScope's multimodal example files", () => {
  it('reads the MCQ JSONL with its options list and its image_N pictures, found from the working directory, and sends each picture at its marker', async () => {
    const summary = await loadDataFile(`${MCQ}/example.jsonl`)
    expect(summary.kind).toBe('mcq')
    expect(summary.samples.map((sample) => [sample.choices, sample.target, sample.images?.length])).toEqual([
      [['<image 1>', '<image 2>', '<image 3>', '<image 4>'], 'A', 4],
      [['School', 'Hospital', 'Park', 'Museum'], 'D', 1],
      [['New York', 'Tokyo', 'Shanghai', 'Paris'], 'B', 1],
    ])
    expect(summary.images).toEqual({
      files: 4,
      bytes: 12138 + 114982 + 35223 + 76990,
      from: { dataFile: 0, workingDirectory: 4, absolute: 0 },
    })
    expect(summary.samples.map(sentImages)).toEqual([[DOG, AMNH, TESLA, TOKYO], [AMNH], [TOKYO]])
    expect(summary.samples[0]!.metadata).toBeUndefined()
  })

  it('reads the MCQ TSV, whose options are a JSON list in one cell, as the same samples as the JSONL', async () => {
    const tsv = await loadDataFile(`${MCQ}/example.tsv`)
    expect(tsv.samples).toEqual((await loadDataFile(`${MCQ}/example.jsonl`)).samples)
    expect(await datasets.evalscope(`${MCQ}/example.tsv`).load()).toEqual(tsv.samples)
  })

  it('reads the VQA file with <image 1> at the end of each message, sending the picture in its place', async () => {
    const samples = await datasets.evalscope(`${VQA}/example_placeholder.jsonl`).load()
    expect(samples.map((sample) => sample.target)).toEqual(['Dog', 'Museum', 'Tokyo', 'Tesla', 'Running'])
    expect(buildPrompt({ name: 'vqa' }, samples[0]!, [])).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What animal is this?' },
          { type: 'image_url', image_url: { url: DOG } },
        ],
      },
    ])
    expect(samples.map(sentImages)).toEqual([[DOG], [AMNH], [TOKYO], [TESLA], [RUNNING]])
    const openai = await datasets.evalscope(`${VQA}/example_openai.jsonl`).load()
    expect(openai.map(sentImages)).toEqual([[DOG], [AMNH], [TOKYO], [TESLA], [RUNNING]])
  })

  it('says in validate where the images were found', async () => {
    const out = await validate(`${MCQ}/example.tsv`, `${VQA}/example_placeholder.jsonl`)
    expect(out).toContain(
      'images   6 in 3 samples, from 4 local files (239,333 bytes) found from the working directory; only a model that takes images can run them',
    )
    expect(out).toContain(
      'images   5 in 5 samples, from 5 local files (246,777 bytes) found from the working directory; only a model that takes images can run them',
    )
  })

  it('refuses a sample whose text or options place an image it does not have, rather than send it without', async () => {
    const where = (name: string, ...records: unknown[]): string => join(projectRoot, data.file(name, jsonl(...records)))
    const mcq = where('mcq.jsonl', {
      question: 'Which is a dog?',
      options: ['<image 1>', '<image 2>'],
      answer: 'A',
      image_1: 'custom_eval/multimodal/images/dog.jpg',
    })
    const vqa = where('vqa.jsonl', { messages: [{ role: 'user', content: 'What animal is this?<image 1>' }], answer: 'Dog' })
    const shown = async (path: string): Promise<string> =>
      (await rejection(loadDataFile(path))).message.replaceAll(join(projectRoot, data.dir), '<dir>')
    expect(await shown(mcq)).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/mcq.jsonl:1: choices.1: places <image 2>, but it has 1 (image_1); a sample is never sent without the images its text names"
    `)
    expect(await shown(vqa)).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/vqa.jsonl:1: input.0.content: places <image 1>, but it has no image (no image_N field or images list); a sample is never sent without the images its text names"
    `)
  })
})
