/**
 * The npm package's figures: the tarball `npm pack` makes (KB) and how long `npm ci --offline` takes
 * to install it into an empty folder (s), as testkit/package-install.ts does it. Run through
 * `node bench/run.mjs package` after `make`.
 */
import { packAndInstall } from "../testkit/package-install.js";

try {
  const installed = packAndInstall();
  try {
    console.log(`tarball_kb ${(installed.tarballBytes / 1024).toFixed(0)}`);
    console.log(`install_s ${(installed.installMs / 1000).toFixed(1)}`);
  } finally {
    installed.remove();
  }
} catch (error) {
  console.error(
    `bench/package: ${error instanceof Error ? error.message : String(error)} (run \`make\` first)`,
  );
  process.exitCode = 1;
}
