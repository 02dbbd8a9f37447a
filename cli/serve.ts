/**
 * `piskasm serve`: serves the browser page on a local HTTP port: the static site (build/site, with the
 * menu state made at build time) by default; with another floppy or without the menu state, the same
 * files with that floppy, its snapshot made in memory and an assets.json naming them.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { AddressInfo } from "node:net";
import type { Command } from "commander";
import { bootImage, dosOption, freedosImageOption, type DosOptions } from "./dos-options.js";
import { refusing, UsageError } from "./errors.js";
import { projectPath } from "./paths.js";
import { isLoopback, networkUrls } from "./web-server/addresses.js";
import { checkBundle, checkImage } from "./web-server/checks.js";
import { listen, ListenError } from "./web-server/listen.js";
import { openInBrowser } from "./web-server/open-browser.js";
import { createPageServer, type PageServer } from "./web-server/page-server.js";
import { createStaticServer } from "./web-server/static-server.js";

interface ServeCommandOptions extends DosOptions {
  port: string;
  host: string;
  image?: string;
  open?: boolean;
  snapshot: boolean;
}

function parsePort(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535)
    throw new UsageError(`--port must be a number 0..65535, not ${JSON.stringify(value)}`);
  return Number(value);
}

export function registerServe(program: Command): void {
  program
    .command("serve")
    .description("serve the browser page that plays PISKASM.COM in v86 with the debug panel")
    .option("--port <port>", "TCP port (0 = any free port)", "8086")
    .option(
      "--host <host>",
      "address to listen on (anything but loopback opens the page to the network: serve warns)",
      "127.0.0.1",
    )
    .option("--image <path>", "serve this 1.44 MB floppy image as the page's default disk")
    .addOption(dosOption())
    .addOption(freedosImageOption())
    .option("--open", "also open the page with xdg-open when there is one")
    .option("--no-snapshot", "let the page boot the floppy instead of restoring a machine saved at the menu")
    .action(async (options: ServeCommandOptions) => {
      const port = parsePort(options.port);
      const image = options.dos === "freedos" ? bootImage(options).path : options.image;
      const { server, snapshot, served } =
        image === undefined && options.snapshot ? siteServer() : floppyServer(image, options.snapshot);
      const url = await refusing([ListenError], () => listen(server, options.host, port));
      console.log(`piskasm: serving the game at ${url}`);
      const bound = server.address() as AddressInfo;
      if (!isLoopback(bound.address)) {
        const exposed = networkUrls(bound);
        const where =
          exposed.length > 0
            ? `other machines can open ${exposed.join(" ")}`
            : "this machine has no network address right now";
        console.warn(
          `piskasm: warning: --host ${options.host} serves the page to the network, not only to this machine; ${where}`,
        );
      }
      if (served) console.log(`piskasm: ${served}`);
      if (options.open) console.log(`piskasm: ${openInBrowser(url)}`);
      console.log("piskasm: press Ctrl+C to stop");
      if (!snapshot) return;
      const { bytes, problem } = await snapshot;
      if (bytes.byteLength > 0)
        console.log(
          `piskasm: machine saved at the menu (${(bytes.byteLength / 1048576).toFixed(1)} MB): the page starts there`,
        );
      else if (options.snapshot)
        console.warn(`piskasm: no menu snapshot (${problem}); the page boots the floppy itself`);
    });
}

/** What the action serves: the server, the snapshot being made in memory (floppyServer only) and a line saying what is served. */
interface Serving {
  server: PageServer["server"];
  snapshot?: PageServer["snapshot"];
  served: string | undefined;
}

/** build/site as it is: what any static host would serve. */
function siteServer(): Serving {
  const root = projectPath("build", "site");
  checkBundle(root);
  return { server: createStaticServer({ root }), served: `the static site ${root}` };
}

/** build/site's files with `image` (default build/piskasm.img), its menu snapshot (unless disabled) and assets.json made in memory. */
function floppyServer(image: string | undefined, snapshot: boolean): Serving {
  const root = projectPath("build", "site");
  checkBundle(root);
  if (image) checkImage(image);
  // Without --image the page gets build/piskasm.img itself, so a rebuilt game is served even
  // when build/site still holds the copy made by an earlier build.
  const built = projectPath("build", "piskasm.img");
  const served = image !== undefined ? resolve(image) : existsSync(built) ? built : undefined;
  const page = createPageServer({ webRoot: root, image: served, snapshot });
  return { ...page, served: served && `floppy ${served}` };
}
