import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConfigError } from '../../src/errors.ts'
import { createSandbox } from '../../src/sandbox/index.ts'

// what the sandbox must keep from a program: a secret in the environment and in a file of the host
const SECRET = `evalsuite-secret-${randomBytes(12).toString('hex')}`
const folder = mkdtempSync(join(tmpdir(), 'evalsuite-sandbox-'))
const secretFile = join(folder, 'secret.txt')
writeFileSync(secretFile, SECRET)

const sandbox = createSandbox({ timeoutMs: 5_000 })

// each probe prints what it could reach after "LEAK", or the exception that stopped it after "BLOCKED"
const probe = (attempt: string): string => `
import sys
try:
    found = ${attempt}
    sys.stderr.write("LEAK " + repr(found)[:300] + "\\n")
except BaseException as error:
    sys.stderr.write("BLOCKED " + type(error).__name__ + "\\n")
raise SystemExit(0)
`

describe('a program in the sandbox cannot read the host', () => {
  beforeAll(() => {
    process.env.EVALSUITE_SANDBOX_TEST_SECRET = SECRET
  })
  afterAll(() => {
    delete process.env.EVALSUITE_SANDBOX_TEST_SECRET
  })

  it.each([
    ['its environment variables', 'dict(__import__("os").environ)'],
    ['/proc/self/environ', 'open("/proc/self/environ", "rb").read()'],
    ['the environment of its first process', 'open("/proc/1/environ", "rb").read()'],
    ['a file of the host by its path', `open(${JSON.stringify(secretFile)}).read()`],
    ['/etc/passwd', 'open("/etc/passwd").read()'],
    ['the home folder', '__import__("os").listdir(__import__("os").path.expanduser("~root"))'],
    ['the project', `__import__("os").listdir(${JSON.stringify(process.cwd())})`],
    ['~/.ssh', 'open("/root/.ssh/id_rsa").read()'],
  ])('%s', async (_name, attempt) => {
    const execution = await sandbox.run(probe(attempt))
    expect(execution.excerpt).not.toContain(SECRET)
    expect(execution.excerpt).not.toContain(process.env.PATH)
  })

  it('its environment holds nothing of the host', async () => {
    const execution = await sandbox.run('import os\nassert set(os.environ) <= {"HOME", "LANG", "PWD", "LC_CTYPE"}, dict(os.environ)\n')
    expect(execution.outcome).toBe('passed')
  })
})

describe('a program in the sandbox cannot reach the network', () => {
  let server: Server
  let connections = 0
  let port = 0
  beforeAll(async () => {
    server = createServer((socket) => {
      connections += 1
      socket.end('hello')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as { port: number }).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it.each([
    ['a TCP connection to the host', `__import__("socket").create_connection(("127.0.0.1", PORT), timeout=2).recv(5)`],
    ['HTTP', `__import__("urllib.request").request.urlopen("http://127.0.0.1:PORT/", timeout=2).read()`],
    ['a DNS lookup', '__import__("socket").getaddrinfo("example.com", 80)'],
    ['a UDP datagram', `__import__("socket").socket(2, 2).sendto(b"x", ("127.0.0.1", PORT))`],
  ])('%s', async (_name, attempt) => {
    const execution = await sandbox.run(probe(attempt.replaceAll('PORT', String(port))))
    expect(execution.excerpt).toMatch(/^BLOCKED /)
    expect(connections).toBe(0)
  })
})

describe('a program in the sandbox cannot touch processes or files of the host', () => {
  it.each([
    ['fork', '__import__("os").fork()'],
    ['spawn a program', '__import__("subprocess").run(["/usr/bin/true"])'],
    ['signal the host', `__import__("os").kill(${process.pid}, 9)`],
  ])('%s', async (_name, attempt) => {
    const execution = await sandbox.run(probe(attempt))
    expect(execution.excerpt).toMatch(/^BLOCKED /)
  })

  it('trace a process', async () => {
    // PTRACE_ATTACH to the sandbox's first process: libc answers -1 when the call is refused
    const execution = await sandbox.run('import ctypes\nassert ctypes.CDLL(None).ptrace(16, 1, 0, 0) == -1\n')
    expect(execution.outcome).toBe('passed')
  })

  it('writes only to its own scratch space, which is gone when it ends', async () => {
    const target = join(folder, 'untouched.txt')
    writeFileSync(target, 'original')
    const writer = await sandbox.run(`
open("/tmp/left-behind", "w").write("x")
for path in [${JSON.stringify(target)}, "/usr/evalsuite-was-here", "/evalsuite-was-here"]:
    try:
        open(path, "w").write("changed")
        raise AssertionError("wrote " + path)
    except OSError:
        pass
`)
    expect(writer.outcome).toBe('passed')
    expect(readFileSync(target, 'utf8')).toBe('original')
    const reader = await sandbox.run('import os\nassert not os.path.exists("/tmp/left-behind")\n')
    expect(reader.outcome).toBe('passed')
  })

  it.each([
    ['/dev', 'open("/dev/x", "wb").write(b"x")'],
    ['/dev/shm', 'open("/dev/shm/x", "wb").write(b"x")'],
    ['a file in memory (memfd_create)', '__import__("os").memfd_create("x")'],
  ])("cannot hold files in the host's memory through %s", async (_name, attempt) => {
    const execution = await sandbox.run(probe(attempt))
    expect(execution.excerpt).toMatch(/^BLOCKED /)
  })

  it('writes to /dev/null', async () => {
    expect((await sandbox.run('open("/dev/null", "w").write("x")\n')).outcome).toBe('passed')
  })
})

describe('a program that misbehaves ends with its reason, and the others carry on', () => {
  it.each([
    ['an infinite loop', 'while True:\n    pass\n', 'timed-out'],
    ['a fork bomb', 'import os\nwhile True:\n    os.fork()\n', 'errored'],
    ['os._exit(0) before the tests', 'import os\nos._exit(0)\nassert False\n', 'errored'],
    ['sys.exit(0) before the tests', 'import sys\nsys.exit(0)\nassert False\n', 'errored'],
    ['a segmentation fault through ctypes', 'import ctypes\nctypes.string_at(0)\n', 'errored'],
    ['10 GB of allocation', 'block = bytearray(10 * 2**30)\n', 'out-of-memory'],
    ['1 GB printed', 'import sys\nfor _ in range(16384):\n    sys.stdout.write("x" * 65536)\n', 'output-too-large'],
    ['a file past the scratch space', 'open("/tmp/big", "wb").write(b"x" * (200 * 2**20))\n', 'errored'],
    ['a failed assertion', 'assert 1 + 1 == 3, "arithmetic"\n', 'failed'],
  ])('%s', async (_name, program, outcome) => {
    const started = performance.now()
    const [hostile, ordinary] = await Promise.all([sandbox.run(program), sandbox.run('assert sum(range(10)) == 45\n')])
    expect(hostile.outcome).toBe(outcome)
    expect(ordinary.outcome).toBe('passed')
    // the time limit (5 s) and a margin for a loaded machine
    expect(performance.now() - started).toBeLessThan(20_000)
  })

  it('says why a program was killed by a signal', async () => {
    const execution = await sandbox.run('import ctypes\nctypes.string_at(0)\n')
    expect(execution.excerpt).toContain('killed by SIGSEGV')
  })

  it('keeps the end of a traceback as its excerpt, bounded', async () => {
    const execution = await sandbox.run(`def check(candidate):\n    assert candidate(2) == 5, "x" * 5000\ncheck(lambda x: x * 2)\n`)
    expect(execution.outcome).toBe('failed')
    expect(execution.excerpt.length).toBeLessThanOrEqual(1_000)
    expect(execution.excerpt).toMatch(/^…x+$/)
  })
})

describe('a machine that cannot sandbox', () => {
  it('names the missing interpreter', async () => {
    const run = createSandbox({ python: 'evalsuite-no-such-python' }).run('pass\n')
    await expect(run).rejects.toThrow(ConfigError)
    await expect(run).rejects.toThrow(/"evalsuite-no-such-python", which did not start/)
  })

  it('names bubblewrap and how to install it when it is missing', async () => {
    vi.stubEnv('PATH', folder)
    try {
      await expect(createSandbox().run('pass\n')).rejects.toThrow(/needs bubblewrap \("bwrap" on PATH\).*apt-get install bubblewrap/)
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it('refuses an interpreter whose install holds the project, which every program would see', async () => {
    const fake = join(folder, 'python-in-root')
    writeFileSync(fake, `#!/bin/sh\necho '["/usr/bin/env", "/"]'\n`, { mode: 0o755 })
    await expect(createSandbox({ python: fake }).run('pass\n')).rejects.toThrow(
      /shows the interpreter's install \(\/\) to each program, and it holds the project or the home folder/,
    )
  })

  it('refuses options out of range, naming them', () => {
    expect(() => createSandbox({ timeoutMs: -1 })).toThrow(/timeoutMs/)
  })
})
