import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { localUrl } from "./addresses.js";

/** The server could not bind: the message is one line meant for the user. */
export class ListenError extends Error {
  override readonly name = "ListenError";
}

/** Binds `server` to host:port (port 0 = any free port) and resolves with the URL to open on this machine. */
export function listen(server: Server, host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      server.off("listening", onListening);
      if (error.code === "EADDRINUSE")
        reject(new ListenError(`port ${port} on ${host} is already in use; choose another with --port`));
      else if (error.code === "EACCES")
        reject(new ListenError(`no permission to listen on ${host}:${port}; choose a port above 1023`));
      else if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND")
        reject(new ListenError(`cannot listen on host ${host}: ${error.code}`));
      else reject(error);
    };
    const onListening = (): void => {
      server.off("error", onError);
      resolve(localUrl(server.address() as AddressInfo));
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}
