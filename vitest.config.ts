import { defineConfig } from "vitest/config";

// Test tiers live in tests/<tier>/: unit (engine-ts), emu (boot, DOS, mouse, game), diff (asm vs TS),
// browser (Chromium). Emulator tiers boot real machines, hence the long timeouts; the machine has two
// cores, so files run at most two at a time.
export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 2,
    reporters: ["default"],
  },
});
