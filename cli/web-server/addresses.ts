/** Which addresses a bound server answers on, so `serve` can say when the page is open to the network. */
import { networkInterfaces } from "node:os";
import type { AddressInfo } from "node:net";

const WILDCARDS = new Set(["0.0.0.0", "::"]);

export function isLoopback(address: string): boolean {
  return (
    address === "::1" || address === "localhost" || /^127\./.test(address) || /^::ffff:127\./.test(address)
  );
}

export function urlOf(address: string, port: number): string {
  return `http://${address.includes(":") ? `[${address}]` : address}:${port}/`;
}

/** The URL to open on this machine: a wildcard bind is reached through loopback. */
export function localUrl(bound: AddressInfo): string {
  if (!WILDCARDS.has(bound.address)) return urlOf(bound.address, bound.port);
  return urlOf(bound.family === "IPv6" ? "::1" : "127.0.0.1", bound.port);
}

/**
 * URLs other machines could use (none when the server listens on loopback only). A wildcard bind
 * lists every non-loopback address of this machine's interfaces (IPv6 ones only for an IPv6 bind).
 */
export function networkUrls(bound: AddressInfo): string[] {
  if (isLoopback(bound.address)) return [];
  if (!WILDCARDS.has(bound.address)) return [urlOf(bound.address, bound.port)];
  const urls: string[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) {
      if (
        entry.internal ||
        isLoopback(entry.address) ||
        (bound.address === "0.0.0.0" && entry.family !== "IPv4")
      )
        continue;
      urls.push(
        urlOf(
          entry.family === "IPv6" && entry.scopeid ? `${entry.address}%${entry.scopeid}` : entry.address,
          bound.port,
        ),
      );
    }
  }
  return urls;
}
