import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { apiReports } from '../../scripts/api-report.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

it('keeps the committed API reports (api/*.api.md) those of the built package: `npm run api` rewrites them', () => {
  for (const [report, text] of apiReports()) {
    const committed = existsSync(join(ROOT, report)) ? readFileSync(join(ROOT, report), 'utf8') : ''
    expect(committed, `${report} is stale: run \`npm run api\` and commit the change to the public API it shows`).toBe(text)
  }
})
