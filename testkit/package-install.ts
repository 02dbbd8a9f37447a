/**
 * The npm package as a user gets it: `npm pack` of the built project (`make` first; the tests skip
 * prepack, which would build again), installed into an empty temporary folder with `npm ci
 * --offline`. The folder's lockfile is the project's own, cut to the package's runtime dependencies,
 * so everything comes from the npm cache the project's `npm ci` filled: no registry, no clone.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const PROJECT = join(import.meta.dirname, "..");

export interface InstalledPackage {
  /** The folder the package was installed into. */
  dir: string;
  tarballBytes: number;
  installMs: number;
  /** node_modules/piskasm/bin/NAME. */
  bin(name: "piskasm.mjs" | "pbrain-piskasm"): string;
  remove(): void;
}

interface LockEntry {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  dependencies?: Record<string, string>;
  bin?: Record<string, string>;
  engines?: Record<string, string>;
}

function npm(args: string[], cwd: string): string {
  return execFileSync("npm", args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
}

/** package.json and package-lock.json of a folder that depends on the tarball alone. */
function writeConsumer(dir: string, tarball: string): void {
  const lock = JSON.parse(readFileSync(join(PROJECT, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const root = lock.packages[""];
  const runtime = Object.entries(lock.packages).filter(
    ([path, entry]) => path.startsWith("node_modules/") && !entry.dev && !entry.devOptional,
  );
  const consumer = {
    name: "piskasm-consumer",
    version: "1.0.0",
    private: true,
    dependencies: { piskasm: `file:${tarball}` },
  };
  const installed: LockEntry & { resolved: string } = {
    version: root.version,
    resolved: `file:${tarball}`,
    dependencies: root.dependencies,
    bin: root.bin,
    engines: root.engines,
  };
  const packages = { "": consumer, "node_modules/piskasm": installed, ...Object.fromEntries(runtime) };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(consumer, null, 2)}\n`);
  writeFileSync(
    join(dir, "package-lock.json"),
    `${JSON.stringify({ name: consumer.name, version: consumer.version, lockfileVersion: 3, requires: true, packages }, null, 2)}\n`,
  );
}

/** Packs the project and installs the tarball into a new temporary folder. */
export function packAndInstall(): InstalledPackage {
  if (!existsSync(join(PROJECT, "build", "site", "assets.json")))
    throw new Error("build/site is missing: run `make` first");
  const dir = mkdtempSync(join(tmpdir(), "piskasm-package-"));
  const packed = JSON.parse(
    npm(["pack", "--ignore-scripts", "--json", "--pack-destination", dir], PROJECT),
  ) as Array<{ filename: string }>;
  const tarball = packed[0].filename;
  writeConsumer(dir, tarball);
  const started = performance.now();
  npm(["ci", "--offline", "--no-audit", "--no-fund"], dir);
  const installMs = performance.now() - started;
  return {
    dir,
    tarballBytes: statSync(join(dir, tarball)).size,
    installMs,
    bin: (name) => join(dir, "node_modules", "piskasm", "bin", name),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
