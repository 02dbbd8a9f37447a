// Runs the benchmarks: each bench/NAME.ts is bundled with esbuild into build/bench/NAME.mjs and run
// in a fresh Node process (so cold-start figures are real). Output: `NAME.figure value` lines.
//   node bench/run.mjs            all benchmarks
//   node bench/run.mjs boot ...   only these
//   node bench/run.mjs brain      the Gomocup brain over pipes (bench/brain.ts: START, moves, TAKEBACK, END)
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const available = readdirSync(join(root, "bench"))
  .filter((f) => f.endsWith(".ts"))
  .map((f) => f.slice(0, -3))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`bench/run.mjs: no benchmark ${unknown.join(", ")} (have: ${available.join(", ")})`);
  process.exit(2);
}

let failed = false;
for (const name of wanted.length > 0 ? wanted : available) {
  const outfile = join(root, "build", "bench", `${name}.mjs`);
  await build({
    entryPoints: [join(root, "bench", `${name}.ts`)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  const run = spawnSync(process.execPath, [outfile], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  for (const line of run.stdout.split("\n").filter(Boolean)) console.log(`${name}.${line}`);
  if (run.status !== 0) {
    console.error(`bench/run.mjs: ${name} failed (exit ${run.status ?? run.signal})`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
