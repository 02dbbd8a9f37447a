/** The part of @sabaki/sgf (a CommonJS package without types) that records/sgf.ts uses. */
declare module "@sabaki/sgf" {
  export interface SgfNode {
    id: number | string | null;
    data: Record<string, string[]>;
    parentId: number | string | null;
    children: SgfNode[];
  }
  export function parse(contents: string, options?: { getId?: () => number }): SgfNode[];
  export function stringify(
    nodes: SgfNode | SgfNode[],
    options?: { linebreak?: string; indent?: string },
  ): string;
  export function parseVertex(input: string): [number, number];
  export function stringifyVertex(vertex: readonly [number, number]): string;
}
