/**
 * The figures the docs give, against what the build and the code say, so that a change that moves one
 * fails here until the doc follows: PISKASM.COM's size in docs/piskasm.md, the tier table of
 * tests/README.md against the folders of tests/, the option defaults the README and docs/ quote against
 * the CLI's option definitions, the policies the README's `piskasm diff` row lists against the policy
 * registry, the files CONTRIBUTING.md, tests/README.md and eslint.config.js name,
 * the BSS table of docs/program.md against program-ts's layout, the mutation reports' counts of
 * mutants against the generators, the line counts the README and CONTRIBUTING.md give, and the 2004
 * documentation's sentences quoted in docs/piskasm.md, section 5. Needs `make` (the COM size).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { registerArena } from "../../cli/arena.js";
import { registerBoot } from "../../cli/boot.js";
import { registerBrain } from "../../cli/brain.js";
import { registerDiff } from "../../cli/diff.js";
import { registerDisk } from "../../cli/disk.js";
import { registerInfo } from "../../cli/info.js";
import { registerMutate } from "../../cli/mutate.js";
import { registerReplay } from "../../cli/replay.js";
import { registerReport } from "../../cli/report.js";
import { registerServe } from "../../cli/serve.js";
import { DEFAULT_POLICY, policyChoices } from "../../harness/policy-registry.js";
import { asmMutants } from "../../mutate/asm-mutants.js";
import { readAsmSource } from "../../mutate/asm-source.js";
import { evaluatorTsMutants } from "../../mutate/ts-mutants.js";
import { DATA_BYTES, DATA_VARIABLES } from "../../program-ts/layout.js";

const ROOT = join(import.meta.dirname, "..", "..");
const read = (path: string): string => readFileSync(join(ROOT, path), "utf8");

describe("PISKASM.COM's size", () => {
  it("is what docs/piskasm.md says, everywhere it says it", () => {
    const com = join(ROOT, "build", "PISKASM.COM");
    if (!existsSync(com)) throw new Error(`${com} is missing: run \`make\` first`);
    const size = statSync(com).size.toLocaleString("en-GB");
    const quoted = [...read("docs/piskasm.md").matchAll(/(?:on disk \(|`\.COM` file of )([\d,]+) bytes/g)];
    expect(quoted.map((match) => match[1])).toEqual([size, size]);
  });
});

/** A figure as the docs write it ("2,804") as a number. */
const figure = (text: string): number => Number(text.replaceAll(",", ""));

/** The one match of `pattern` in `doc` (its first group); fails when the doc no longer says it. */
function quoted(doc: string, pattern: RegExp): string {
  const match = pattern.exec(read(doc));
  if (!match) throw new Error(`${doc} no longer matches ${String(pattern)}`);
  return match[1];
}

describe("docs/program.md's table of the BSS", () => {
  it("gives every variable's size and the total as program-ts's layout has them", () => {
    const text = read("docs/program.md");
    const section = text.slice(text.indexOf("## 2. The data"), text.indexOf("## 3."));
    const rows = [...section.matchAll(/^\| (\w+) \| (\d+) \|/gm)].map((row) => [row[1], Number(row[2])]);
    expect(rows).toEqual(DATA_VARIABLES.map((v) => [v.name, v.bytes]));
    expect(figure(quoted("docs/program.md", /without gaps \(([\d,]+) bytes\)/))).toBe(DATA_BYTES);
  });
});

describe("the mutation campaigns' counts of mutants", () => {
  /** The routines a campaign report's page lists ("- routines: a, b, A5,A6,A7, ..."). */
  const routines = (doc: string): string[] => quoted(doc, /^- routines: (.+)$/m).split(", ");

  it("are what the asm generator makes of docs/mutation.md's routines today, there and in the README", () => {
    const made = asmMutants(readAsmSource(join(ROOT, "asm")), new Set(routines("docs/mutation.md"))).length;
    expect(figure(quoted("docs/mutation.md", /^- (\d+) mutants generated/m))).toBe(made);
    expect(figure(quoted("README.md", /reassemble\s+its (\d+) mutants/))).toBe(made);
  });

  it("are what the ts generator makes of engine-ts today (docs/mutation-ts.md)", () => {
    const made = evaluatorTsMutants(ROOT).filter((m) => routines("docs/mutation-ts.md").includes(m.routine));
    expect(figure(quoted("docs/mutation-ts.md", /^- (\d+) mutants generated/m))).toBe(made.length);
  });
});

describe("the line counts the README and CONTRIBUTING.md give", () => {
  /** Every "`FILE` is a whole engine in N lines" or "`FILE`, N lines" of the two docs. */
  const counts = ["README.md", "CONTRIBUTING.md"].flatMap((doc) =>
    [...read(doc).matchAll(/`([\w/.-]+\.ts)`(?: is a whole engine in|,)\s+(\d+) lines/g)].map((match) => ({
      doc,
      file: match[1],
      lines: Number(match[2]),
    })),
  );

  it("are found (engines/random.ts, a whole engine; mutate/ts-mutants.ts, the ts mutants)", () => {
    expect(counts.map((count) => count.file)).toEqual(
      expect.arrayContaining(["engines/random.ts", "mutate/ts-mutants.ts"]),
    );
  });

  it("are those of the files they name", () => {
    for (const { doc, file, lines } of counts)
      expect(read(file).trimEnd().split("\n").length, `${doc}: ${file}`).toBe(lines);
  });
});

describe("tests/README.md's tier table", () => {
  it("names every folder of tests/ that holds tests, with its number of test files", () => {
    const rows = [...read("tests/README.md").matchAll(/^\| `([a-z]+)` \|.*\| (\d+) \|[^|]*\|$/gm)];
    const table = Object.fromEntries(rows.map((row) => [row[1], Number(row[2])]));
    const folders = readdirSync(join(ROOT, "tests"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => [
        entry.name,
        readdirSync(join(ROOT, "tests", entry.name)).filter((name) => name.endsWith(".test.ts")).length,
      ])
      .filter(([, count]) => count !== 0);
    expect(table).toEqual(Object.fromEntries(folders));
  });
});

const COMMANDS: Readonly<Record<string, (program: Command) => void>> = {
  arena: registerArena,
  boot: registerBoot,
  brain: registerBrain,
  diff: registerDiff,
  disk: registerDisk,
  info: registerInfo,
  mutate: registerMutate,
  replay: registerReplay,
  report: registerReport,
  serve: registerServe,
};

/** The default of `piskasm COMMAND --OPTION` as its definition gives it. */
function optionDefault(command: string, option: string): unknown {
  const program = new Command();
  COMMANDS[command](program);
  const definition = program.commands
    .find((each) => each.name() === command)
    ?.options.find((each) => each.long === `--${option}`);
  if (!definition) throw new Error(`piskasm ${command} has no option --${option}`);
  const value: unknown = definition.defaultValue;
  return value;
}

interface DefaultQuote {
  doc: string;
  command: string;
  option: string;
  value: string;
}

/** Every "`--option ...` ... (default N" or ", default N" in `doc`, with the command named last before it. */
function quotedDefaults(doc: string): DefaultQuote[] {
  const text = read(doc);
  const quotes: DefaultQuote[] = [];
  for (const match of text.matchAll(/`--([a-z-]+)[^`]*`[^`.]{0,80}?(?:\(|, )default (\d+)/g)) {
    const before = text.slice(0, match.index);
    const commands = [...before.matchAll(new RegExp(`piskasm (${Object.keys(COMMANDS).join("|")})\\b`, "g"))];
    const command = commands.at(-1)?.[1];
    if (command === undefined) throw new Error(`${doc}: no piskasm command before "${match[0]}"`);
    quotes.push({ doc, command, option: match[1], value: match[2] });
  }
  return quotes;
}

describe("the option defaults the docs quote", () => {
  const docs = ["README.md", ...readdirSync(join(ROOT, "docs")).map((name) => `docs/${name}`)];
  const quotes = docs.filter((doc) => doc.endsWith(".md")).flatMap(quotedDefaults);

  it("are found (the README quotes diff's --shrink-ms and mutate's --games and --probes)", () => {
    expect(quotes.map((quote) => `${quote.command} --${quote.option}`)).toEqual(
      expect.arrayContaining(["diff --shrink-ms", "mutate --games", "mutate --probes"]),
    );
  });

  it("are the defaults of the CLI's option definitions", () => {
    for (const quote of quotes) {
      expect(
        String(optionDefault(quote.command, quote.option)),
        `${quote.doc}: piskasm ${quote.command} --${quote.option}`,
      ).toBe(quote.value);
    }
  });
});

describe("the policies the README's command table lists for piskasm diff", () => {
  it("are those of the policy registry, the default first", () => {
    const listed = quoted("README.md", /`piskasm diff \[[^`]*--policy ([\w:\\|]+)\]/).split("\\|");
    expect(listed).toEqual([DEFAULT_POLICY, ...policyChoices().filter((name) => name !== DEFAULT_POLICY)]);
  });
});

/** The repository's files, committed or new (the same list as `git ls-files` gives a clean clone). */
function repositoryFiles(): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => file !== "" && existsSync(join(ROOT, file)));
}

/** A repository path as the docs write one: a folder or a file, no glob. */
const PATH = /^(?:[\w.-]+\/)*[\w.-]+(?:\/|\.(?:md|ts|mjs|cjs|js|json|sh|asm|inc|bat))$/;
/** The placeholders of recipes: `engines/NAME/`, `bench/NAME.ts`. */
const PLACEHOLDER = /\b(?:NAME|DIR|FILE|PATH|IMG)\b/;
/** Made by the build or by a run, not in a clean clone. */
const GENERATED = /^(?:build|reports|node_modules|arena)\//;

function namedPaths(doc: string): string[] {
  const text = read(doc);
  const tokens = doc.endsWith(".md")
    ? [...text.matchAll(/`([^`\s]+)`|\]\(([^)#\s]+)/g)].map((match) => match[1] ?? match[2])
    : [...text.matchAll(/^\s*\/\/.*$/gm)].flatMap(
        (line) => line[0].match(/[\w./-]+\.(?:md|ts|js|json)\b/g) ?? [],
      );
  return tokens.filter(
    (token) =>
      PATH.test(token) && !PLACEHOLDER.test(token) && !GENERATED.test(token) && !token.startsWith("."),
  );
}

describe("the files the contributors' docs name", () => {
  /** The repository's files and folders, and their bare names (`setup.ts`, `controls/`: one anywhere). */
  function repositoryPaths(): { paths: Set<string>; bare: Set<string> } {
    const files = repositoryFiles();
    const folders = files.flatMap((file) =>
      file
        .split("/")
        .slice(0, -1)
        .map((_, i, parts) => `${parts.slice(0, i + 1).join("/")}/`),
    );
    const all = [...files, ...folders];
    return {
      paths: new Set(all),
      bare: new Set(all.map((path) => path.replace(/^(?:.*\/)?([^/]+\/?)$/, "$1"))),
    };
  }

  it.each(["CONTRIBUTING.md", "tests/README.md", "eslint.config.js"])("exist: those %s names", (doc) => {
    const { paths, bare } = repositoryPaths();
    const missing = namedPaths(doc).filter((path) =>
      /^[^/]+\/?$/.test(path) ? !bare.has(path) : !paths.has(path) && !paths.has(join(dirname(doc), path)),
    );
    expect(missing).toEqual([]);
  });
});

/**
 * docs/piskasm.md, section 5: the rows whose origin is `seed` or `changed` quote the 2004
 * documentation, 000 (the English translation) or 003 (the Czech original); " ... " leaves words out.
 */
interface SeedQuote {
  line: number;
  seed: "000" | "003";
  text: string;
}

function seedQuotes(): SeedQuote[] {
  const quotes: SeedQuote[] = [];
  read("docs/piskasm.md")
    .split("\n")
    .forEach((row, index) => {
      if (!/^\|.*\| (?:seed|changed) \| .* \|$/.test(row)) return;
      const cell = row.slice(row.lastIndexOf(" | ") + 3, -2);
      let seed: SeedQuote["seed"] | undefined;
      for (const match of cell.matchAll(/\b(000|003)\b|"((?:[^"]|"(?=[^;]*"))*?)"(?=;|$)/g)) {
        if (match[1] === "000" || match[1] === "003") seed = match[1];
        else if (seed === undefined)
          throw new Error(`docs/piskasm.md:${index + 1}: a quote before its seed's number`);
        else quotes.push({ line: index + 1, seed, text: match[2] });
      }
    });
  return quotes;
}

/**
 * The seed documents are not part of the repository (they are the 2004 author's); a folder with them
 * is given by PISKASM_SEEDS. 003 is read in its repaired copy, which lost its ž and ý letters (gone, or a
 * `?` where the damaged original has `ı`); the quotes put them back. So a quote must match the seed
 * character for character (runs of white space alike, since the seed wraps its lines), except that each
 * ž or ý of a 003 quote stands where the seed has nothing or a `?`.
 */
const SEEDS_DIR = process.env.PISKASM_SEEDS;
const SEED_FILES = { "000": "000_7cf34b1582ab71a3.txt", "003": "003_2f3d594fe828b413.cp1250-repaired.txt" };

function quotePattern(text: string, seed: SeedQuote["seed"]): RegExp {
  const pattern = [...text.trim()]
    .map((char) =>
      /\s/.test(char)
        ? "\\s+"
        : seed === "003" && /[žŽýÝ]/.test(char)
          ? "\\??"
          : char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("")
    .replace(/(?:\\s\+)+/g, "\\s+");
  return new RegExp(pattern);
}

describe("the 2004 documentation's sentences in docs/piskasm.md", () => {
  const quotes = seedQuotes();

  it("are there, each after the number of the seed it quotes", () => {
    expect(quotes.length).toBeGreaterThanOrEqual(20);
    expect(new Set(quotes.map((quote) => quote.seed))).toEqual(new Set(["000", "003"]));
  });

  it.skipIf(SEEDS_DIR === undefined)(
    "are verbatim (skipped without PISKASM_SEEDS, a folder with the seed documents, which the repository does not hold)",
    () => {
      const seeds = {
        "000": readFileSync(join(SEEDS_DIR ?? "", SEED_FILES["000"]), "utf8"),
        "003": readFileSync(join(SEEDS_DIR ?? "", SEED_FILES["003"]), "utf8"),
      };
      const notVerbatim = quotes.flatMap((quote) =>
        quote.text
          .split(" ... ")
          .filter((part) => !quotePattern(part, quote.seed).test(seeds[quote.seed]))
          .map((part) => `docs/piskasm.md:${quote.line} (${quote.seed}): "${part}"`),
      );
      expect(notVerbatim).toEqual([]);
    },
  );
});
