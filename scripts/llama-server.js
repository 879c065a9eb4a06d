// @ts-check
/**
 * llama.cpp's `llama-server`, built once from source and cached, for the tests
 * and the bench that need the real server (`.ci/run` runs this first):
 *
 *   node scripts/llama-server.js          # builds or reuses it; prints its path
 *   npx web-test-runner test/doctor/llama-server.test.ts   # finds it in the cache
 *
 * A fresh build is ~870 CPU-seconds (about 8 minutes on 2 idle cores); a
 * cached binary is reused in under a second.
 *
 * Invariant: the one line on stdout is the path of a binary that ran
 * `--version` on this machine; everything else goes to stderr.
 *
 * Where the source comes from: no llama-server binary can be installed here
 * (Debian bookworm packages none; the only registries are npm's and Debian's),
 * but the npm package node-llama-cpp ships llama.cpp's whole source as a git
 * bundle (`llama/gitRelease.bundle`). `npm pack` fetches that tarball, `git
 * clone` unpacks the bundle, cmake builds the `llama-server` target alone.
 * node-llama-cpp's own patches (llama/patches/) touch model loading from
 * memory, which the server never does, so they are not applied.
 *
 * The build (and why each flag):
 * - `LLAMA_CURL=OFF`, `LLAMA_OPENSSL=OFF`: no downloads, no HTTPS (the tests
 *   talk to it over loopback); nothing to install beyond g++ and cmake.
 * - `LLAMA_USE_PREBUILT_UI=OFF`, `LLAMA_BUILD_UI=OFF`: the web UI would be
 *   fetched from Hugging Face at build time (no internet in CI) or built with
 *   npm; the server then serves the API without a UI.
 * - `LLAMA_BUILD_TESTS/EXAMPLES=OFF`: only the server target is built anyway.
 * - `BUILD_SHARED_LIBS=OFF`: one self-contained binary that can be copied out
 *   of the build folder into the cache (the default links libllama/libggml
 *   as shared libraries next to it).
 * - `GGML_OPENMP=OFF`: ggml's own thread pool, so the binary needs no libgomp.
 * - `GGML_NATIVE=OFF`: not `-march=native`, so a cached binary runs on any CPU
 *   of the level it was built for, not only on the one that built it (a CI
 *   cache restored on another machine of the same family, a laptop's copy).
 *   With it off, ggml turns on SSE4.2, AVX, AVX2, BMI2, FMA and F16C: x86-64-v3
 *   (Intel since Haswell, AMD since Excavator/Zen). Where this CPU lacks those
 *   it builds for SSE4.2 (x86-64-v2); on other architectures, the compiler's
 *   generic level. The level is part of the cache folder's name. AVX-512 and
 *   AVX-VNNI stay off even where the building CPU has them (the binary has no
 *   zmm instruction), so the cache runs on every x86-64-v3 CPU.
 * - Release, `-j2` by default (`LLAMA_BUILD_JOBS`): CI machines have 2 cores.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync, openSync, closeSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The npm package whose bundled llama.cpp source is built. */
export const NODE_LLAMA_CPP = '3.22.1';

/** x86 features GGML_NATIVE=OFF turns on by default (x86-64-v3), as /proc/cpuinfo names them. */
const V3_FLAGS = ['avx', 'avx2', 'bmi2', 'fma', 'f16c', 'sse4_2'];

/** The CPU level the binary is built for here: part of the cache folder's name. */
function cpuLevel() {
  if (process.arch !== 'x64') return process.arch;
  const flags = new Set((/^flags\s*:(.*)$/m.exec(readCpuinfo())?.[1] ?? '').trim().split(/\s+/));
  return V3_FLAGS.every((f) => flags.has(f)) ? 'x86-64-v3' : 'x86-64-v2';
}

function readCpuinfo() {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return '';
  }
}

/** The folder the binary is cached in: `~/.cache/pageloop/llama-server-<node-llama-cpp version>-<CPU level>/`. */
export function llamaServerCacheDir() {
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cache, 'pageloop', `llama-server-${NODE_LLAMA_CPP}-${cpuLevel()}`);
}

/**
 * The llama-server binary the tests and the bench use: env `LLAMA_SERVER`
 * (a path to a binary) when set, else the one this script cached, else none.
 * @returns {string | undefined}
 */
export function findLlamaServer() {
  if (process.env.LLAMA_SERVER) return process.env.LLAMA_SERVER;
  const cached = join(llamaServerCacheDir(), 'llama-server');
  return existsSync(cached) ? cached : undefined;
}

/**
 * True when env CI says this is a CI run (set, and not "false" or "0"): there
 * a missing binary fails the tests and the bench's native baseline instead of
 * skipping them, so CI cannot silently stop running them.
 */
export function inCI() {
  const ci = process.env.CI;
  return !!ci && ci !== 'false' && ci !== '0';
}

/** How a test or the bench says where the binary comes from, when it has none. */
export const HOW_TO_GET_IT = 'build it once with `node scripts/llama-server.js` (needs git, cmake, g++; ~8 min on 2 idle cores; cached in ~/.cache/pageloop/), or set LLAMA_SERVER to a llama-server binary';

/** cmake's configure flags for this CPU level (see the header for why). */
function cmakeFlags() {
  const flags = [
    '-DCMAKE_BUILD_TYPE=Release',
    '-DLLAMA_CURL=OFF',
    '-DLLAMA_OPENSSL=OFF',
    '-DLLAMA_USE_PREBUILT_UI=OFF',
    '-DLLAMA_BUILD_UI=OFF',
    '-DLLAMA_BUILD_TESTS=OFF',
    '-DLLAMA_BUILD_EXAMPLES=OFF',
    '-DBUILD_SHARED_LIBS=OFF',
    '-DGGML_OPENMP=OFF',
    '-DGGML_NATIVE=OFF',
  ];
  if (cpuLevel() === 'x86-64-v2') flags.push('-DGGML_AVX=OFF', '-DGGML_AVX2=OFF', '-DGGML_BMI2=OFF', '-DGGML_FMA=OFF', '-DGGML_F16C=OFF');
  if (hasNinja()) flags.push('-G', 'Ninja');
  return flags;
}

function hasNinja() {
  return spawnSync('ninja', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** True when `binary` runs here (`--version` exits 0: present, executable, no illegal instruction). @param {string} binary */
function runs(binary) {
  return existsSync(binary) && spawnSync(binary, ['--version'], { stdio: 'ignore', timeout: 30_000 }).status === 0;
}

/** @param {string} message */
const say = (message) => process.stderr.write(`llama-server: ${message}\n`);

/**
 * Runs a build step with its output in `log`; on failure prints the log's tail and throws.
 * @param {string} log @param {string} command @param {string[]} args @param {string} [cwd]
 */
function step(log, command, args, cwd) {
  const fd = openSync(log, 'a');
  try {
    writeFileSync(fd, `\n$ ${command} ${args.join(' ')}\n`);
    const result = spawnSync(command, args, { cwd, stdio: ['ignore', fd, fd] });
    if (result.status !== 0) {
      const tail = readFileSync(log, 'utf8').split('\n').slice(-60).join('\n');
      throw new Error(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`}); the end of ${log}:\n${tail}`);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Builds llama-server from node-llama-cpp's bundled source into the cache,
 * unless a binary that runs is there already. Returns its path.
 * @returns {string}
 */
export function ensureLlamaServer() {
  const dir = llamaServerCacheDir();
  const binary = join(dir, 'llama-server');
  if (runs(binary)) {
    say(`reusing ${binary}`);
    return binary;
  }
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'pageloop-llama-'));
  const log = join(dir, 'build.log');
  writeFileSync(log, '');
  const started = performance.now();
  /** @param {string} what */
  const done = (what) => say(`${what} (${((performance.now() - started) / 1000).toFixed(0)} s; log: ${log})`);
  try {
    say(`building llama.cpp's llama-server from node-llama-cpp@${NODE_LLAMA_CPP}'s source for ${cpuLevel()} into ${dir}`);
    step(log, 'npm', ['pack', `node-llama-cpp@${NODE_LLAMA_CPP}`, '--pack-destination', work, '--silent'], work);
    step(log, 'tar', ['-xzf', `node-llama-cpp-${NODE_LLAMA_CPP}.tgz`, 'package/llama/gitRelease.bundle', 'package/llama/llama.cpp.info.json'], work);
    step(log, 'git', ['clone', '--quiet', 'package/llama/gitRelease.bundle', 'llama.cpp'], work);
    done('source unpacked');
    step(log, 'cmake', ['-S', 'llama.cpp', '-B', 'build', ...cmakeFlags()], work);
    done('configured');
    const jobs = process.env.LLAMA_BUILD_JOBS || '2';
    step(log, 'cmake', ['--build', 'build', '--target', 'llama-server', '-j', jobs], work);
    done('built');
    const built = join(work, 'build', 'bin', 'llama-server');
    if (!runs(built)) throw new Error(`the built ${built} does not run here (see ${log})`);
    // Into the cache under a temporary name, then renamed: a reader never sees half a binary.
    const partial = `${binary}.${process.pid}.partial`;
    copyFileSync(built, partial);
    renameSync(partial, binary);
    copyFileSync(join(work, 'llama.cpp', 'LICENSE'), join(dir, 'LICENSE'));
    const info = JSON.parse(readFileSync(join(work, 'package', 'llama', 'llama.cpp.info.json'), 'utf8'));
    // It says its version on stderr: "version: 0.5.0-dev (build 1, commit de3ff81)", "built with GNU 12.2.0 for Linux x86_64".
    const said = spawnSync(binary, ['--version'], { encoding: 'utf8' });
    const version = `${said.stdout}${said.stderr}`.split('\n').filter((l) => /^(version|built with)/.test(l)).join('; ');
    writeFileSync(join(dir, 'build.json'), `${JSON.stringify({ nodeLlamaCpp: NODE_LLAMA_CPP, llamaCpp: info, cpuLevel: cpuLevel(), cmake: cmakeFlags(), jobs: Number(jobs), seconds: Math.round((performance.now() - started) / 1000), version, date: new Date().toISOString() }, null, 2)}\n`);
    done(`cached ${binary}`);
    return binary;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    process.stdout.write(`${ensureLlamaServer()}\n`);
  } catch (err) {
    say(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
