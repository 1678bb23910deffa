// The plugin's setup file for the eval project. Vitest runs a setup file through its module runner, which asks the main
// process about each of the file's imports, one after another, before the worker loads it: this file has one, and the
// module it names loads the rest of evalsuite in the worker directly. The import is dynamic so that the bundle keeps
// that module a file of its own instead of moving its imports into this one.
await import('./worker-setup.ts')
