#!/usr/bin/env node
import module from 'node:module'

// Node 22.1+ keeps the compiled code of every module this CLI loads (V8's code cache) on disk, so a
// start after the first skips compiling them: NODE_COMPILE_CACHE=<dir> moves that cache from Node's
// default (<os tmpdir>/node-compile-cache), NODE_DISABLE_COMPILE_CACHE=1 turns it off. Node 20
// lacks it and compiles at every start. Imported after: the cache covers only what loads after this.
module.enableCompileCache?.()
await import('../dist/cli/main.js')
