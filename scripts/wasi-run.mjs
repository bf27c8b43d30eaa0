#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0 OR MIT
// Run a wasm32-wasi program under Node's WASI (node:wasi, preview 1; Node >= 20): the
// emulator of the wasm32 cross build (cmake/toolchains/wasm32.cmake, through
// scripts/qemu-run.sh wasm32), as qemu-user is for the other targets.
//   node wasi-run.mjs PROGRAM.wasm [ARGS...]
// The program gets ARGS (argv[0] = PROGRAM.wasm), the whole environment
// (LIMBFORGE_BACKEND, LF_TEST_ITERS, ...), stdin/stdout/stderr (the oracle
// pipes), and, as WASI has no ambient file system, these directories
// (preopens, each under its own absolute name, so paths work unchanged):
// the current directory (also as "." for relative paths), and the directory
// of every argument that is an absolute path to an existing file or directory
// (the tests' vector files), plus LF_WASI_DIRS (colon-separated).
// Exit status: the program's; a trap (abort(), __builtin_trap, out of bounds)
// prints the error and exits 134, as SIGABRT does under a shell.
import { readFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';

// node:wasi warns that it is experimental when loaded: not on every test's
// stderr (any other warning still shows)
const emitWarning = process.emitWarning;
process.emitWarning = (w, ...rest) => {
    const type = typeof rest[0] === 'string' ? rest[0] : rest[0]?.type;
    if (type === 'ExperimentalWarning' && String(w).startsWith('WASI ')) return;
    emitWarning.call(process, w, ...rest);
};
const { WASI } = await import('node:wasi');

const [prog, ...args] = process.argv.slice(2);
if (!prog) {
    process.stderr.write('usage: wasi-run.mjs PROGRAM.wasm [ARGS...]\n');
    process.exit(2);
}

const preopens = { '.': process.cwd(), [process.cwd()]: process.cwd() };
const dirs = (process.env.LF_WASI_DIRS || '').split(':').filter(Boolean);
for (const a of args) {
    if (!isAbsolute(a)) continue;
    try {
        dirs.push(statSync(a).isDirectory() ? a : dirname(a));
    } catch { /* not a path */ }
}
for (const d of dirs) preopens[resolve(d)] = resolve(d);

const wasi = new WASI({
    version: 'preview1',
    args: [prog, ...args],
    env: process.env,
    preopens,
    returnOnExit: true,
});

let status;
try {
    const module = await WebAssembly.compile(await readFile(prog));
    const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
    status = wasi.start(instance);
} catch (e) {
    process.stderr.write(`wasi-run: ${prog}: ${e instanceof WebAssembly.RuntimeError ? 'trap: ' : ''}${e.message}\n`);
    status = e instanceof WebAssembly.RuntimeError ? 134 : 1;
}
process.exitCode = status;
