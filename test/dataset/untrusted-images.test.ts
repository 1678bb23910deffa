import { execFileSync } from 'node:child_process'
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync, ftruncateSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/run-cli.ts'
import { datasets, loadDataFile } from '../../src/dataset/index.ts'
import { createImageReader } from '../../src/dataset/image-reader.ts'
import { defineBenchmark } from '../../src/benchmark/index.ts'
import { prepareSamples } from '../../src/benchmark/prepare-samples.ts'
import { resolveDefined } from '../../src/benchmark/resolve-benchmark.ts'
import { jsonl, rejection } from './temp-data.ts'

// a data file is untrusted: it must not make evalsuite read, send or print a file outside the folders images come
// from, hang on a pipe, or read without bound. Each test builds its own folder outside the working directory.
const RED = readFileSync('fixtures/images/pictures/red.png')
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46])
const roots: string[] = []
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

/** A folder outside the working directory, with `data/` for the dataset and `outside/` beside it. */
function world(): { data: string; outside: string; file(path: string, content: string | Buffer): string; shown(text: string): string } {
  const root = mkdtempSync(join(tmpdir(), 'evalsuite-untrusted-'))
  roots.push(root)
  mkdirSync(join(root, 'data', 'pictures'), { recursive: true })
  mkdirSync(join(root, 'outside'))
  return {
    data: join(root, 'data'),
    outside: join(root, 'outside'),
    file(path, content) {
      writeFileSync(join(root, path), content)
      return join(root, path)
    },
    shown: (text) => text.replaceAll(root, '<root>').replaceAll(relative(process.cwd(), root), '<root>'),
  }
}

const mcq = (...images: string[]): Record<string, string> => ({
  question: 'Which picture is red?',
  A: 'the first',
  B: 'the second',
  answer: 'A',
  ...Object.fromEntries(images.map((image, index) => [`image_${index + 1}`, image])),
})

async function validate(...args: string[]): Promise<{ code: number; out: string }> {
  let out = ''
  const write = (text: string): void => void (out += text)
  const code = await runCli(['validate', ...args], { stdout: { write }, stderr: { write } })
  return { code, out }
}

describe('local images named by an untrusted data file', () => {
  it("refuses a ../ path that climbs out of the data file's folder, naming the row, in the loader and in validate", async () => {
    const w = world()
    w.file('outside/secret.png', RED)
    const path = w.file('data/quiz.jsonl', jsonl(mcq('pictures/../../outside/secret.png')))
    const error = await rejection(datasets.opencompass(path).load())
    expect(w.shown(error.message)).toMatchInlineSnapshot(`
      "Invalid dataset:
      <root>/data/quiz.jsonl:1: image_1: names image "pictures/../../outside/secret.png", which lies outside the folders images are read from (its real path is <root>/outside/secret.png; they are <root>/data, ${process.cwd()}): images are read from the data file's folder and the working directory, and from a folder named with the imageFolders option (--image-folder)"
    `)
    const run = await validate(path)
    expect(run.code).toBe(1)
    expect(w.shown(run.out)).toContain(
      'quiz.jsonl:1: image_1: names image "pictures/../../outside/secret.png", which lies outside the folders images are read from',
    )
  })

  it('refuses a link named like an image that leads out of the folder, and reads it from a folder the user names', async () => {
    const w = world()
    const target = w.file('outside/red.png', RED)
    symlinkSync(target, join(w.data, 'pictures', 'link.png'))
    const path = w.file('data/quiz.jsonl', jsonl(mcq('pictures/link.png')))
    expect(w.shown((await rejection(loadDataFile(path))).message)).toContain(
      'image_1: names image "pictures/link.png", which lies outside the folders images are read from (its real path is <root>/outside/red.png;',
    )
    const allowed = await loadDataFile(path, { imageFolders: [w.outside] })
    expect(allowed.samples[0]!.images).toEqual([`data:image/png;base64,${RED.toString('base64')}`])
    expect((await validate(path, '--image-folder', w.outside)).code).toBe(0)
  })

  it("reads images within the loader's folders when a benchmark's toSample maps the records", async () => {
    const w = world()
    w.file('outside/red.png', RED)
    const path = w.file('data/quiz.jsonl', jsonl({ q: 'Which colour?', pic: join(w.outside, 'red.png'), a: 'red' }))
    const toSample = (record: Record<string, unknown>) => ({
      input: String(record.q),
      target: String(record.a),
      images: [String(record.pic)],
    })
    const model = { name: 'none', generate: () => Promise.reject(new Error('not called')) }
    const prepare = (options: { imageFolders?: string[] }) =>
      prepareSamples(
        resolveDefined(
          defineBenchmark({ name: 'mapped', dataset: datasets.jsonl(path, options), toSample }),
          { model },
          undefined,
          undefined,
        ),
      )
    expect(w.shown((await rejection(prepare({}))).message)).toContain('which lies outside the folders images are read from')
    const { planned } = await prepare({ imageFolders: [w.outside] })
    expect(planned[0]!.sample.images).toEqual([`data:image/png;base64,${RED.toString('base64')}`])
  })

  it('never reads, sends or prints the process environment through a link to /proc/self/environ', async () => {
    const secret = 'sk-untrusted-images-test-0123456789'
    process.env.EVALSUITE_IMAGE_TEST_SECRET = secret
    try {
      const w = world()
      symlinkSync('/proc/self/environ', join(w.data, 'pictures', 'env.png'))
      const path = w.file('data/quiz.jsonl', jsonl(mcq('pictures/env.png')))
      const shown = [
        (await rejection(loadDataFile(path))).message,
        (await validate(path)).out,
        (await rejection(loadDataFile(path, { imageFolders: ['/proc'] }))).message,
      ].join('\n')
      expect(shown).toContain('image_1: names image "pictures/env.png"')
      // neither the secret nor the environment as a data URI would carry it
      expect(shown).not.toContain(secret)
      expect(shown).not.toContain(Buffer.from(`EVALSUITE_IMAGE_TEST_SECRET=${secret}`).toString('base64').slice(0, 24))
      expect(shown).not.toContain('data:image')
    } finally {
      delete process.env.EVALSUITE_IMAGE_TEST_SECRET
    }
  })

  it('refuses a file whose bytes are not the image type its name claims, without echoing them', async () => {
    const w = world()
    w.file('data/pictures/notes.png', 'password=hunter2\n')
    w.file('data/pictures/photo.png', Buffer.concat([JPEG_START, Buffer.alloc(32)]))
    const path = w.file('data/quiz.jsonl', jsonl(mcq('pictures/notes.png'), mcq('pictures/photo.png')))
    const message = w.shown((await rejection(loadDataFile(path))).message)
    expect(message).toMatchInlineSnapshot(`
      "Invalid dataset:
      <root>/data/quiz.jsonl:1: image_1: names image "pictures/notes.png", whose bytes are not a PNG image, as its extension claims (they begin as no image type evalsuite sends)
      <root>/data/quiz.jsonl:2: image_1: names image "pictures/photo.png", whose bytes are not a PNG image, as its extension claims (they begin as a JPEG image; give it its extension)"
    `)
    expect(message).not.toContain('hunter2')
  })

  it('refuses a named pipe without waiting for a writer, and a link to /dev/zero, within a second', async () => {
    const w = world()
    execFileSync('mkfifo', [join(w.data, 'pictures', 'pipe.png')])
    symlinkSync('/dev/zero', join(w.data, 'pictures', 'zero.png'))
    const path = w.file('data/quiz.jsonl', jsonl(mcq('pictures/pipe.png'), mcq('pictures/zero.png')))
    const started = performance.now()
    const [inFolder, devAllowed, run] = [
      await rejection(loadDataFile(path)),
      await rejection(loadDataFile(path, { imageFolders: ['/dev'] })),
      await validate(path),
    ]
    expect(performance.now() - started).toBeLessThan(1000)
    expect(w.shown(inFolder.message)).toContain(
      'quiz.jsonl:1: image_1: names image "pictures/pipe.png", which is a named pipe (FIFO), not a regular file',
    )
    expect(w.shown(inFolder.message)).toContain(
      'quiz.jsonl:2: image_1: names image "pictures/zero.png", which lies outside the folders images are read from (its real path is /dev/zero;',
    )
    expect(devAllowed.message).toContain('names image "pictures/zero.png", which is a device, not a regular file')
    expect(run.code).toBe(1)
  })

  it('reads an image that 60 rows name once, and refuses an image above the limit by its size alone', async () => {
    const w = world()
    w.file('data/pictures/red.png', RED)
    const huge = w.file('data/pictures/huge.png', RED)
    // a sparse 700 MB file: read whole, it would pass V8's string length as base64
    const fd = openSync(huge, 'r+')
    ftruncateSync(fd, 700 * 1024 * 1024)
    closeSync(fd)
    const rows = Array.from({ length: 60 }, () => mcq('pictures/red.png'))
    const summary = await loadDataFile(w.file('data/many.jsonl', jsonl(...rows)))
    expect(summary.images).toEqual({ files: 1, bytes: RED.length, from: { dataFile: 1, workingDirectory: 0, absolute: 0 } })
    expect(new Set(summary.samples.map((sample) => sample.images![0])).size).toBe(1)
    const started = performance.now()
    const error = await rejection(loadDataFile(w.file('data/huge.jsonl', jsonl(mcq('pictures/huge.png'), mcq('pictures/huge.png')))))
    expect(performance.now() - started).toBeLessThan(1000)
    expect(w.shown(error.message)).toMatchInlineSnapshot(`
      "Invalid dataset:
      <root>/data/huge.jsonl:1: image_1: names image "pictures/huge.png", which is 700.0 MiB, above the 20.0 MiB an image may be
      <root>/data/huge.jsonl:2: image_1: names image "pictures/huge.png", which is 700.0 MiB, above the 20.0 MiB an image may be"
    `)
  })

  it('stops reading when the distinct images of a load pass the total budget, saying how much was read', () => {
    const w = world()
    const dataFile = join(w.data, 'quiz.jsonl')
    const names = ['a', 'b', 'c'].map((name) => {
      w.file(`data/pictures/${name}.png`, Buffer.concat([RED, Buffer.alloc(100)]))
      return `pictures/${name}.png`
    })
    const reader = createImageReader({ maxBytesInAll: 2 * (RED.length + 100) })
    const read = names.map((name) => reader.read(name, dataFile, 'image_1'))
    expect(read.slice(0, 2).every((each) => typeof each === 'string')).toBe(true)
    expect(read[2]).toEqual({
      field: 'image_1',
      message:
        'names image "pictures/c.png", which would take the images of this dataset past 338 bytes in all (2 files, 338 bytes read so far)',
    })
    // an image already read costs nothing more
    expect(typeof reader.read(names[0]!, dataFile, 'image_2')).toBe('string')
  })
})
