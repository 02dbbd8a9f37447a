/**
 * The host globals emu uses, named structurally. emu runs in Node and in the page and is type-checked
 * for both (tsconfig.json: Node types, no DOM library; web/tsconfig.json: the DOM library, no Node
 * types), so the few globals of one host only are read from globalThis here, each called only on the
 * host that has it (v86-machine.ts picks the host with isNode()).
 */
import type { ScreenConfig } from "v86";

/** What emu needs of the page's document: its visibility and the event that says it changed. */
export interface VisibilityDocument {
  readonly visibilityState: string;
  addEventListener(type: "visibilitychange", listener: () => void): void;
  removeEventListener(type: "visibilitychange", listener: () => void): void;
}

/** The element v86 draws its screen into (an HTMLElement in the page). */
export type ScreenContainer = NonNullable<NonNullable<ScreenConfig>["container"]>;

interface PageGlobals {
  readonly document: VisibilityDocument;
  requestAnimationFrame(callback: () => void): number;
  cancelAnimationFrame(handle: number): void;
}

interface NodeGlobals {
  readonly process?: { readonly versions?: { readonly node?: unknown } };
  setImmediate(callback: () => void): unknown;
}

const host: object = globalThis;

/** The page's globals; call only in a browser. */
export function pageGlobals(): PageGlobals {
  return host as PageGlobals;
}

/** Node's globals; setImmediate only in Node (isNode()). */
export function nodeGlobals(): NodeGlobals {
  return host as NodeGlobals;
}
