// Run by fetch-loading.test.ts in a process of its own: one call that is not streamed, then what the process loaded.
import { models } from '../../src/index.ts'

const [baseURL] = process.argv.slice(2)
const output = await models
  .openai({ model: 'fake-model', baseURL: baseURL!, apiKey: 'test-key', maxRetries: 0 })
  .generate([{ role: 'user', content: 'Reply with: 7' }])
// Node's own record of the internal modules it has loaded; its fetch lives in internal/deps/undici
const loaded: unknown = Reflect.get(process, 'moduleLoadList')
const modules = Array.isArray(loaded) ? loaded.filter((name): name is string => typeof name === 'string') : undefined
process.stdout.write(
  JSON.stringify({ text: output.text, listed: modules !== undefined, fetchLoaded: modules?.some((name) => name.includes('undici')) }),
)
