/**
 * The Python that starts each sandboxed program: it reads the program from stdin, sets its own hard limits (which a
 * program cannot raise again), runs it, and ends with a line that only it can write, because only it read the nonce
 * that opens the program's stdin. So a program that leaves early (`os._exit(0)`, `sys.exit()`, a signal) is never
 * read as one whose tests all ran. Its first line says the sandbox started, so that a sandbox that could not start is
 * not mistaken for a program that failed. The outcome words are the ones `Execution['outcome']` uses.
 */
export const LAUNCHER = `
import os, resource, sys, traceback
def _evalsuite():
    memory, cpu_seconds, file_bytes = (int(value) for value in sys.argv[1:4])
    nonce, _, source = sys.stdin.buffer.read().partition(b"\\n")
    os.write(1, nonce + b" started\\n")
    null = os.open("/dev/null", os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    sys.argv = ["solution.py"]
    ending = {word: ("\\n" + nonce.decode() + " " + word + "\\n") for word in ("passed", "failed", "errored", "out-of-memory")}
    for limit, value in ((resource.RLIMIT_AS, memory), (resource.RLIMIT_CPU, cpu_seconds), (resource.RLIMIT_FSIZE, file_bytes), (resource.RLIMIT_CORE, 0)):
        resource.setrlimit(limit, (value, value))
    del nonce
    word = "passed"
    try:
        code = compile(source, "solution.py", "exec")
        del source
        exec(code, {"__name__": "__main__", "__file__": "solution.py", "__builtins__": __builtins__})
    except MemoryError:
        word = "out-of-memory"
    except SystemExit as exit:
        word = "errored"
        sys.stderr.write("the program exited (SystemExit %r) before its tests finished\\n" % (exit.code,))
    except BaseException as error:
        word = "failed" if isinstance(error, AssertionError) else "errored"
        try:
            traceback.print_exception(type(error), error, error.__traceback__.tb_next, limit=-8)
        except BaseException:
            pass
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:
        pass
    os.write(1, ending[word].encode())
    os._exit(0)
_evalsuite()
`
