/**
 * A plain static file server for the site tier: sirv serving a folder under a sub-path, nothing of
 * piskasm's own server code. Requests outside the sub-path are answered 404 and recorded, so a test
 * can check that the page never leaves its folder.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import sirv from "sirv";

const SUB_PATH = "/games/piskasm/";

export interface StaticHost {
  /** The site's URL (ending in its sub-path, SUB_PATH for hostFolder). */
  url: string;
  /** Request targets that were outside SUB_PATH. */
  outside: string[];
  /** Bytes the server has written to the browsers' sockets (headers and bodies, as sent). */
  bytesSent(): number;
  close(): Promise<void>;
}

export interface StaticHostOptions {
  /** Serve the .br/.gz copies to browsers that take them (as some hosts do; GitHub Pages does not). */
  precompressed: boolean;
  /** Look at the folder on every request (a host whose files change while it runs, as a new build is deployed). */
  live?: boolean;
}

export function hostFolder(root: string, options: StaticHostOptions): Promise<StaticHost> {
  return hostFolders({ [SUB_PATH]: root }, options);
}

/** Several folders on one origin, each under its sub-path (e.g. two copies of the site); `url` is the first's. */
export async function hostFolders(
  roots: Readonly<Record<string, string>>,
  options: StaticHostOptions,
): Promise<StaticHost> {
  const served = Object.entries(roots).map(([path, root]) => ({
    path,
    files: sirv(root, {
      dev: options.live === true,
      etag: true,
      brotli: options.precompressed,
      gzip: options.precompressed,
    }),
  }));
  const outside: string[] = [];
  const server: Server = createServer((request, response) => {
    const target = request.url ?? "/";
    const folder = served.find(({ path }) => target.startsWith(path));
    if (!folder) {
      outside.push(target);
      response.writeHead(404).end();
      return;
    }
    request.url = target.slice(folder.path.length - 1);
    folder.files(request, response, () => {
      response.writeHead(404).end();
    });
  });
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${served[0].path}`,
    outside,
    bytesSent: () => [...sockets].reduce((sum, socket) => sum + socket.bytesWritten, 0),
    close: () =>
      new Promise((done, fail) => {
        server.closeAllConnections();
        server.close((error) => (error ? fail(error) : done()));
      }),
  };
}
