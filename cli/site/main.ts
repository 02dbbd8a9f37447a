/**
 * The site builder, run by the Makefile as build/make-site.mjs (bundled by scripts/bundle.mjs):
 *   make-site.mjs menu-state FLOPPY OUT        the game's machine saved at its menu (cli/site/menu-state.ts)
 *   make-site.mjs site WEB_ROOT FLOPPY MENU_STATE OUT_DIR
 *                                              the static site (cli/site/build-site.ts)
 */
import { buildSite } from "./build-site.js";
import { writeMenuState } from "./menu-state.js";
import { messageOf } from "../../util/error-message.js";

const USAGE = "usage: make-site.mjs menu-state FLOPPY OUT | site WEB_ROOT FLOPPY MENU_STATE OUT_DIR";

async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (command === "menu-state" && rest.length === 2) {
    const bytes = await writeMenuState(rest[0], rest[1]);
    console.log(`${rest[1]}: the machine at the game's menu (${(bytes / 1048576).toFixed(1)} MB)`);
    return;
  }
  if (command === "site" && rest.length === 4) {
    const [webRoot, floppy, menuState, outDir] = rest;
    const site = await buildSite({ webRoot, floppy, menuState, outDir });
    console.log(
      `${outDir}: the static site, build ${site.version} (${site.files} files, ${(site.bytes / 1048576).toFixed(1)} MB with the compressed copies)`,
    );
    return;
  }
  console.error(USAGE);
  process.exitCode = 2;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`make-site: ${messageOf(error)}`);
  process.exitCode = 1;
});
