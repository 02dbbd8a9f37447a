/** The page server's small rules: which binds are loopback, which URLs to print, how log lines are cut. */
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { isLoopback, localUrl, networkUrls } from "../../cli/web-server/addresses.js";
import { capped, LOG_LINE_MAX } from "../../cli/web-server/static-server.js";

const bound = (address: string, family = "IPv4", port = 8086): AddressInfo => ({ address, family, port });

describe("serve's addresses", () => {
  it("treats 127.x, ::1 and localhost as loopback and nothing else", () => {
    expect(["127.0.0.1", "127.1.2.3", "::1", "localhost", "::ffff:127.0.0.1"].every(isLoopback)).toBe(true);
    expect(["0.0.0.0", "::", "192.168.1.5", "10.0.0.1", "fe80::1"].some(isLoopback)).toBe(false);
  });

  it("opens a wildcard bind through loopback and never names 0.0.0.0 or ::", () => {
    expect(localUrl(bound("0.0.0.0"))).toBe("http://127.0.0.1:8086/");
    expect(localUrl(bound("::", "IPv6"))).toBe("http://[::1]:8086/");
    expect(localUrl(bound("192.168.1.5"))).toBe("http://192.168.1.5:8086/");
  });

  it("lists no network URL for loopback, the address itself for one address, real addresses for a wildcard", () => {
    expect(networkUrls(bound("127.0.0.1"))).toEqual([]);
    expect(networkUrls(bound("192.168.1.5"))).toEqual(["http://192.168.1.5:8086/"]);
    const all = networkUrls(bound("0.0.0.0"));
    expect(
      all.every(
        (url) =>
          !url.includes("0.0.0.0") && !url.includes("127.0.0.1") && /^http:\/\/[\d.]+:8086\/$/.test(url),
      ),
    ).toBe(true);
  });
});

describe("serve's log lines", () => {
  it("keep short lines, cut long ones to the cap and join lines into one", () => {
    expect(capped("piskasm serve: /x: boom")).toBe("piskasm serve: /x: boom");
    const long = capped(`piskasm serve: /${"a".repeat(16_000)}: boom`);
    expect(long).toHaveLength(LOG_LINE_MAX);
    expect(long.endsWith("…")).toBe(true);
    expect(capped("one\r\ntwo\nthree")).toBe("one two three");
  });
});
