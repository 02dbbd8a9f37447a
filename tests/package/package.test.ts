/**
 * The npm package installed into an empty folder (testkit/package-install.ts): its commands run with
 * nothing but Node and the package's dependencies (the files the project builds travel inside it).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrainProcess, parseMove } from "../../testkit/brain-process.js";
import { packAndInstall, PROJECT, type InstalledPackage } from "../../testkit/package-install.js";

let installed: InstalledPackage;

beforeAll(() => {
  installed = packAndInstall();
});

afterAll(() => {
  installed?.remove();
});

function run(args: string[]): string {
  return execFileSync(process.execPath, [installed.bin("piskasm.mjs"), ...args], {
    cwd: installed.dir,
    encoding: "utf8",
    timeout: 120_000,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

describe("the npm package installed into an empty folder", () => {
  it("prints its version with piskasm --version", () => {
    const { version } = JSON.parse(readFileSync(join(PROJECT, "package.json"), "utf8")) as {
      version: string;
    };
    expect(run(["--version"]).trim()).toBe(version);
  });

  it("carries SeaBIOS with its licence text and where its source comes from", () => {
    const bios = join(installed.dir, "node_modules", "piskasm", "build", "bios");
    expect(readFileSync(join(bios, "copyright"), "utf8")).toMatch(/LGPL|Lesser General Public License/);
    expect(readFileSync(join(bios, "SOURCE"), "utf8")).toMatch(/source package seabios/);
    expect(readFileSync(join(bios, "LGPL-3"), "utf8")).toMatch(/GNU LESSER GENERAL PUBLIC LICENSE/);
    for (const name of ["bios.bin", "vgabios-stdvga.bin"]) expect(existsSync(join(bios, name))).toBe(true);
  });

  it("checks five games with piskasm diff and finds no mismatch", () => {
    const summary = JSON.parse(run(["diff", "--games", "5", "--seed", "1", "--json"])) as {
      games: number;
      mismatches: number;
    };
    expect(summary).toMatchObject({ games: 5, mismatches: 0 });
  });

  it("answers START 19, BEGIN and END as pbrain-piskasm", async () => {
    const brain = BrainProcess.start([], { path: installed.bin("pbrain-piskasm"), cwd: installed.dir });
    try {
      expect(await brain.ask("START 19")).toBe("OK");
      const move = parseMove(await brain.ask("BEGIN"));
      expect(move.x).toBeLessThan(19);
      expect(move.y).toBeLessThan(19);
      brain.send("END");
      expect(await brain.exited).toBe(0);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${brain.exchange()}`, { cause: error });
    } finally {
      brain.kill();
    }
  });

  it("serves the page with piskasm serve", async () => {
    const child = spawn(process.execPath, [installed.bin("piskasm.mjs"), "serve", "--port", "0"], {
      cwd: installed.dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).on("line", (line) => {
          const found = /serving the game at (\S+)/.exec(line);
          if (found) resolve(found[1]);
        });
        child.on("exit", (code) => reject(new Error(`piskasm serve exited (${code}) before serving`)));
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("PISKASM");
      const assets = (await (await fetch(new URL("assets.json", url))).json()) as {
        menuState: string;
        floppy: string;
      };
      for (const name of [assets.menuState, assets.floppy])
        expect((await fetch(new URL(name, url))).status).toBe(200);
    } finally {
      child.kill();
    }
  });

  it("exports the Machine API and engine-ts: the packaged floppy continues from the packaged menu state", () => {
    const script = [
      'import { existsSync, readFileSync } from "node:fs";',
      'import { bootFloppy, builtFile } from "piskasm/machine";',
      'import { Game } from "piskasm/engine";',
      'const machine = await bootFloppy(builtFile("piskasm.img"));',
      'await machine.restore({ state: new Uint8Array(readFileSync(builtFile("menu.state"))).buffer });',
      'const menu = machine.screenText().includes("1 = you start");',
      "await machine.destroy();",
      "console.log(JSON.stringify({ menu, engine: typeof Game.newGame }));",
    ].join("\n");
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: installed.dir,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(JSON.parse(out)).toEqual({ menu: true, engine: "function" });
  });
});
