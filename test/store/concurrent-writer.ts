// One of several processes writing the same keyed store at once (run by keyed-store.test.ts).
import { z } from 'zod'
import { loadKeyedStore } from '../../src/store/index.ts'

const [file, writer, count] = process.argv.slice(2) as [string, string, string]
const Entry = z.object({ key: z.string(), writer: z.string(), n: z.number() })
const store = loadKeyedStore(file, { schema: Entry })
for (let n = 0; n < Number(count); n++) {
  store.put({ key: `${writer}-${String(n).padStart(4, '0')}`, writer, n })
  // saving often makes the writers' folds overlap with each other's appends
  if (n % 3 === 0) store.save()
}
store.save()
