/**
 * A plain static file server for the site tier: sirv serving a folder under a sub-path, nothing of
 * piskasm's own server code. Requests outside the sub-path are answered 404 and recorded, so a test
 * can check that the page never leaves its folder.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import sirv from "sirv";

export const SUB_PATH = "/games/piskasm/";

export interface StaticHost {
  /** The site's URL (ending in SUB_PATH). */
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

export async function hostFolder(root: string, options: StaticHostOptions): Promise<StaticHost> {
  const files = sirv(root, {
    dev: options.live === true,
    etag: true,
    brotli: options.precompressed,
    gzip: options.precompressed,
  });
  const outside: string[] = [];
  const server: Server = createServer((request, response) => {
    const target = request.url ?? "/";
    if (!target.startsWith(SUB_PATH)) {
      outside.push(target);
      response.writeHead(404).end();
      return;
    }
    request.url = target.slice(SUB_PATH.length - 1);
    files(request, response, () => {
      response.writeHead(404).end();
    });
  });
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${SUB_PATH}`,
    outside,
    bytesSent: () => [...sockets].reduce((sum, socket) => sum + socket.bytesWritten, 0),
    close: () =>
      new Promise((done, fail) => {
        server.closeAllConnections();
        server.close((error) => (error ? fail(error) : done()));
      }),
  };
}
