/**
 * The layers of piskasm, lowest first. A module may import its own layer and the layers below it, never a
 * layer above: each forbidden pair is a rule named `<from>-to-<to>`, so a wrong-way import fails
 * `make layers` with the pair's name. tests/ and scripts/ are outside the layers and may import anything.
 * The testkit (testkit/: test-only checkers, positions and drivers) sits above every layer and only
 * tests/ and bench/ may import it; bench/ never imports tests/. docs/architecture.md draws the same list.
 */
const LAYERS = [
  [
    "base",
    "^(engine-ts|program-ts|records|util)/",
    "the reference evaluator and program model, game records and small utilities",
  ],
  ["emu", "^emu/", "the Machine API, its v86 adapter and CPU-debug port"],
  ["guest", "^(guest|freedos)/", "PISKASM.COM inside a machine: header, state, session, boot, DOS profiles"],
  ["checks", "^(checks|debug)/", "the comparisons, screen check, reports and the debugger"],
  ["engines", "^engines/", "the move generators behind one Engine interface"],
  ["runners", "^(harness|arena|brain)/", "the differential runner, the arena and the Gomocup brain"],
  ["apps", "^(cli|web|bench|mutate)/", "the command line, the page, the benchmarks and mutation testing"],
];

const layerRules = [];
LAYERS.forEach(([from, fromPath], i) => {
  for (const [to, toPath] of LAYERS.slice(i + 1)) {
    layerRules.push({
      name: `${from}-to-${to}`,
      comment: `${from} (${fromPath}) sits below ${to} (${toPath}) and must not import it`,
      severity: "error",
      from: { path: fromPath },
      to: { path: toPath },
    });
  }
});

/** Who may import the testkit, and what it and bench/ may import: [name, comment, from, to]. */
const testkitRules = [
  [
    "only-tests-and-bench-to-testkit",
    "the testkit is test code: only tests/ and bench/ (and the testkit itself) may import it",
    { pathNot: "^(tests|bench|testkit)/" },
    { path: "^testkit/" },
  ],
  [
    "testkit-to-tests",
    "the testkit serves tests/ and bench/ and imports neither",
    { path: "^testkit/" },
    { path: "^(tests|bench)/" },
  ],
  [
    "bench-to-tests",
    "bench/ shares test code through the testkit, never by importing tests/",
    { path: "^bench/" },
    { path: "^tests/" },
  ],
].map(([name, comment, from, to]) => ({ name, comment, severity: "error", from, to }));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    ...testkitRules,
    {
      name: "no-circular",
      comment:
        "no import cycle, type-only imports included: shared types live in a model file of their layer",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment: "every relative import resolves to a file",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: "^node:" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
