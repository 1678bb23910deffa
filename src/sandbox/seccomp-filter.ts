import { arch } from 'node:process'
import { ConfigError } from '../errors.ts'

// classic BPF, as the kernel's seccomp reads it (linux/filter.h, linux/seccomp.h)
const LOAD_WORD = 0x20
const JUMP_IF_EQUAL = 0x15
const JUMP_IF_ANY_BIT = 0x45
const JUMP_IF_AT_LEAST = 0x35
const RETURN = 0x06
const ALLOW = 0x7fff0000
const KILL_PROCESS = 0x80000000
const errno = (code: number): number => 0x00050000 | code
const EPERM = 1
const ENOSYS = 38
// struct seccomp_data: int nr; __u32 arch; __u64 instruction_pointer; __u64 args[6] (little-endian on both arches)
const NR_OFFSET = 0
const ARCH_OFFSET = 4
const FIRST_ARGUMENT_LOW_WORD = 16
const CLONE_THREAD = 0x00010000

interface Syscalls {
  audit: number
  /** syscalls that make a process (fork, vfork, clone without CLONE_THREAD) */
  clone: number
  fork: readonly number[]
  clone3: number
  /**
   * refused with EPERM: socket (any family: the network namespace has no interface, this refuses local ones too),
   * ptrace, process_vm_readv and _writev, mount, umount2, unshare, setns, keyctl, bpf, userfaultfd, perf_event_open,
   * io_uring_setup, memfd_create (a file in memory that no limit on the scratch space would bound)
   */
  refused: readonly number[]
  /** on x86_64, the x32 ABI's numbers, which are the same calls under another number */
  x32Bit?: number
}

const SYSCALLS: Partial<Record<NodeJS.Architecture, Syscalls>> = {
  // arch/x86/entry/syscalls/syscall_64.tbl
  x64: {
    audit: 0xc000003e,
    clone: 56,
    fork: [57, 58],
    clone3: 435,
    refused: [41, 101, 310, 311, 165, 166, 272, 308, 250, 321, 323, 298, 425, 319],
    x32Bit: 0x40000000,
  },
  // include/uapi/asm-generic/unistd.h: no fork or vfork, clone does both
  arm64: {
    audit: 0xc00000b7,
    clone: 220,
    fork: [],
    clone3: 435,
    refused: [198, 117, 270, 271, 40, 39, 97, 268, 219, 280, 282, 241, 425, 279],
  },
}

/**
 * The seccomp filter the sandbox's program runs under: no new processes (threads stay allowed, so that a program
 * using `threading` still runs), no sockets, no ptrace, no mounts or process-memory access across processes; any other
 * architecture than the host's is killed, so that a 32-bit call cannot go around the table.
 */
export function seccompFilter(architecture: NodeJS.Architecture = arch): Buffer {
  const calls = SYSCALLS[architecture]
  if (calls === undefined) throw new ConfigError(`The code sandbox runs on x64 and arm64 Linux; this machine is ${architecture}.`)
  const program: [code: number, jumpTrue: number, jumpFalse: number, value: number][] = []
  const add = (code: number, value: number, jumpTrue = 0, jumpFalse = 0): void => void program.push([code, jumpTrue, jumpFalse, value])
  add(LOAD_WORD, ARCH_OFFSET)
  add(JUMP_IF_EQUAL, calls.audit, 1, 0)
  add(RETURN, KILL_PROCESS)
  add(LOAD_WORD, NR_OFFSET)
  if (calls.x32Bit !== undefined) {
    add(JUMP_IF_AT_LEAST, calls.x32Bit, 0, 1)
    add(RETURN, KILL_PROCESS)
  }
  for (const nr of [...calls.fork, ...calls.refused]) {
    add(JUMP_IF_EQUAL, nr, 0, 1)
    add(RETURN, errno(EPERM))
  }
  // glibc falls back to clone when clone3 is missing; clone3's flags sit in memory a filter cannot read
  add(JUMP_IF_EQUAL, calls.clone3, 0, 1)
  add(RETURN, errno(ENOSYS))
  add(JUMP_IF_EQUAL, calls.clone, 0, 3)
  add(LOAD_WORD, FIRST_ARGUMENT_LOW_WORD)
  add(JUMP_IF_ANY_BIT, CLONE_THREAD, 1, 0)
  add(RETURN, errno(EPERM))
  add(RETURN, ALLOW)
  const bytes = Buffer.alloc(program.length * 8)
  program.forEach(([code, jumpTrue, jumpFalse, value], index) => {
    bytes.writeUInt16LE(code, index * 8)
    bytes.writeUInt8(jumpTrue, index * 8 + 2)
    bytes.writeUInt8(jumpFalse, index * 8 + 3)
    bytes.writeUInt32LE(value >>> 0, index * 8 + 4)
  })
  return bytes
}
