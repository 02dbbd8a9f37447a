// Bundles the TypeScript entry points with esbuild.
//   node scripts/bundle.mjs cli  -> build/cli.mjs (Node, npm packages left external)
//   node scripts/bundle.mjs web  -> build/web/ (browser ES module + CSS + static assets)
import { build } from "esbuild";
import { cpSync, existsSync, mkdirSync } from "node:fs";

const target = process.argv[2];

async function bundleCli() {
  await build({
    entryPoints: ["cli/main.ts"],
    outfile: "build/cli.mjs",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
}

async function bundleWeb() {
  mkdirSync("build/web", { recursive: true });
  if (!existsSync("web/main.ts")) return;
  await build({
    entryPoints: ["web/main.ts"],
    outdir: "build/web",
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    sourcemap: true,
    minify: true,
    // v86 reaches for these Node modules only when it runs under Node (guarded by typeof checks).
    external: ["crypto", "node:crypto", "fs", "node:fs/promises", "perf_hooks"],
    logLevel: "warning",
  });
  for (const f of ["index.html", "style.css"]) if (existsSync(`web/${f}`)) cpSync(`web/${f}`, `build/web/${f}`);
}

if (target === "cli") await bundleCli();
else if (target === "web") await bundleWeb();
else {
  console.error("usage: node scripts/bundle.mjs cli|web");
  process.exit(2);
}
