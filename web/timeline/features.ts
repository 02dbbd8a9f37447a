/**
 * The page's game-history features behind one small interface for web/app.ts: the timeline (every
 * stable state kept, the machine moved to any of them), share links (`#s=..&first=..&m=..` replayed
 * in the emulator), PSQ/SGF export and import, and the viewer of games PISKASM.COM did not play.
 */
import type { Machine } from "../../emu/types.js";
import { formatCell } from "../../engine-ts/index.js";
import { readGameState, type GameLayout, type GameState } from "../../guest/game-view.js";
import { download } from "../downloads.js";
import type * as GifExport from "../share/gif-export.js";
import { drawScreen, VGA } from "../screenshot.js";
import type { MoveRecord } from "../follower.js";
import { RecordError } from "../../records/game-record.js";
import { fromRecord, toRecord, type PiskasmGame } from "../../records/piskasm-game.js";
import { formatPsq } from "../../records/psq.js";
import { parseRecord } from "../../records/read-record.js";
import { formatSgf } from "../../records/sgf.js";
import { ForeignGameView, type ForeignGameProbe } from "../records/foreign-game.js";
import { createRecordControls, type RecordControls } from "../records/records-controls.js";
import { replayGame, type ReplayResult } from "../share/replay-game.js";
import { formatShareFragment, parseShareFragment } from "../share/share-url.js";
import { Timeline, type TimelineHost } from "./timeline.js";
import { TimelineView } from "./timeline-view.js";
import { moveSide } from "./engine-info.js";
import { messageOf } from "../../util/error-message.js";
import { sameBytes } from "../../util/bytes.js";

/** The GIF export's module, which scripts/bundle.mjs builds apart and names here ("./gif-export-HASH.js"). */
declare const GIF_EXPORT_MODULE: string;

export interface FeatureHost extends TimelineHost {
  /** The machine running now (a snapshot is kept only of the machine that showed the state). */
  machine(): Machine | undefined;
  /** Runs `task` in a task after the page has painted. */
  later(task: () => void): void;
  busy(text: string): void;
  ready(text: string): void;
  error(title: string, detail: string, hint?: string): void;
}

/** What the features add to `window.piskasm` (web/page-probe.ts). */
export interface TimelineProbe {
  /** MoveCount of every node of the current line, and the current node's index in it. */
  line(): { plies: number[]; index: number };
  /** Move the machine to node `index` of the current line; resolves with the ms it took. */
  goTo(index: number): Promise<number>;
  /** Every node of the tree (all variations), depth first: id, parent id and MoveCount. */
  nodes(): { id: number; parent: number | undefined; ply: number }[];
  /** Move the machine to the node with this id. */
  goToNode(id: number): Promise<number>;
  /** The share link's fragment of the game up to the current node. */
  shareFragment(): string | undefined;
  exportRecord(format: "psq" | "sgf"): string | undefined;
  /** Import a record's text as the page's file input does; resolves when it is shown or replayed. */
  importRecord(text: string, name: string): Promise<void>;
  /** The last message about a link or a record (bad fragment, foreign game, replay stopped). */
  message(): string | undefined;
  /** True while a link or record is being replayed. */
  replaying(): boolean;
  foreign(): ForeignGameProbe | undefined;
  /** What the kept snapshots take. */
  memory(): Promise<{ nodes: number; packedBytes: number; rawBytes: number }>;
}

export class GameHistory {
  readonly timeline: Timeline;
  private readonly view: TimelineView;
  private readonly foreignView = new ForeignGameView();
  private readonly records: RecordControls;
  private linkChecked = false;
  private lastMessage: string | undefined;
  private replayRunning = false;

  constructor(
    private readonly host: FeatureHost,
    mount: HTMLElement,
  ) {
    this.timeline = new Timeline(host);
    this.view = new TimelineView(this.timeline);
    this.records = createRecordControls({
      copyLink: () => this.copyLink(),
      exportRecord: (format) => this.download(format),
      exportGif: () => void this.exportGif(),
      importRecord: (file) => void file.text().then((text) => this.importRecord(text, file.name)),
    });
    this.view.root.append(this.records.root);
    this.timeline.listen(() => this.records.enable(this.timeline.currentGame() !== undefined));
    this.records.enable(false);
    mount.append(this.view.root, this.foreignView.root);
    window.addEventListener("hashchange", () => {
      if (location.hash !== this.currentFragment()) this.openLink();
    });
  }

  /**
   * A stable state of the running game, kept with a snapshot of the machine. Saving the machine takes
   * tens of ms, so it runs in a task after the panel has painted and only if the game is still in
   * exactly this state then (a state left within that frame has no node of its own).
   */
  onState(state: GameState, layout: GameLayout): void {
    const machine = this.host.machine();
    if (!machine) return;
    this.host.later(() => {
      if (
        this.replayRunning ||
        this.host.machine() !== machine ||
        !sameState(readGameState(machine.memory, layout), state)
      )
        return;
      this.timeline.observe(machine, state);
    });
  }

  /** The game's menu is up: the first time, open the link the page was loaded with. */
  onMenu(): void {
    if (this.linkChecked) return;
    this.linkChecked = true;
    this.openLink();
  }

  /** The machine was reset or replaced: the kept plies belong to another machine. */
  clear(): void {
    this.timeline.clear();
  }

  probe(): TimelineProbe {
    return {
      line: () => {
        const { line, index } = this.timeline.position();
        return { plies: line.map((n) => n.state.moveCount), index };
      },
      goTo: async (index) => {
        const { line } = this.timeline.position();
        if (!line[index]) throw new Error(`the line has no node ${index} (it has ${line.length})`);
        await this.timeline.goTo(line[index]);
        return this.timeline.lastTravelMs ?? NaN;
      },
      nodes: () =>
        this.timeline.tree.nodes().map((n) => ({ id: n.id, parent: n.parent?.id, ply: n.state.moveCount })),
      goToNode: async (id) => {
        const node = this.timeline.tree.nodes().find((n) => n.id === id);
        if (!node) throw new Error(`the timeline has no node ${id}`);
        await this.timeline.goTo(node);
        return this.timeline.lastTravelMs ?? NaN;
      },
      shareFragment: () => this.currentFragment(),
      exportRecord: (format) => this.recordText(format),
      importRecord: (text, name) => this.importRecord(text, name),
      message: () => this.lastMessage,
      replaying: () => this.replayRunning,
      foreign: () => this.foreignView.probe(),
      memory: () => this.timeline.memory(),
    };
  }

  /** The moves in order up to the current node, when the timeline knows the game from its start. */
  knownMoves(): MoveRecord[] {
    const game = this.timeline.currentGame();
    if (!game) return [];
    return game.moves.map((cell, i) => ({ cell, side: moveSide(game.first, i) }));
  }

  /** The human stone of the current node and a way back to the node before it (to play it again). */
  lastMove(): { cell: number; goBack(): Promise<void> } | undefined {
    const node = this.timeline.tree.current;
    const parent = node?.parent;
    if (!node || !parent) return undefined;
    return { cell: node.moves[parent.moves.length], goBack: () => this.timeline.goTo(parent) };
  }

  private currentFragment(): string | undefined {
    const game = this.timeline.currentGame();
    return game && formatShareFragment(game);
  }

  private openLink(): void {
    const read = parseShareFragment(location.hash);
    if (read.kind === "none") return;
    if (read.kind === "bad") {
      this.lastMessage = read.message;
      this.host.error(
        "This link's game cannot be opened",
        read.message,
        "The board stays empty: start a game from the menu, or open a complete link.",
      );
      return;
    }
    void this.replay(read.game, "the link's game");
  }

  /** Replays `game` in the emulator into a fresh timeline (an embedded record); what it placed and why it stopped. */
  replayRecord(game: PiskasmGame): Promise<ReplayResult> {
    return this.replay(game, "the record");
  }

  private async replay(game: PiskasmGame, what: string): Promise<ReplayResult> {
    this.foreignView.hide();
    this.timeline.clear();
    this.replayRunning = true;
    this.host.busy(
      `Replaying ${what} in the emulator: seed ${game.seed} (menu key S), ${game.first} starts, ${game.moves.length} stones…`,
    );
    try {
      const result = await this.host.run((machine) =>
        replayGame(
          machine,
          game,
          (state) => this.timeline.observe(machine, state),
          (plies) => this.host.busy(`Replaying ${what}: ${plies} of ${game.moves.length} stones`),
        ),
      );
      history.replaceState(null, "", this.currentFragment() ?? location.hash);
      const stones = this.timeline.tree.current?.moves.length ?? 0;
      this.tell(
        result.stopped
          ? `Replayed ${what} up to stone ${result.plies}: ${result.stopped}.`
          : `Replayed ${what}: ${stones} stones, on its last ply.`,
      );
      return result;
    } catch (error) {
      const detail = messageOf(error);
      const stopped = detail.split("\n", 1)[0];
      this.lastMessage = `Could not replay ${what}: ${stopped}`;
      this.host.error(`Could not replay ${what}`, detail);
      return { plies: 0, stopped };
    } finally {
      this.replayRunning = false;
    }
  }

  private recordText(format: "psq" | "sgf"): string | undefined {
    const game = this.timeline.currentGame();
    if (!game) return undefined;
    const record = toRecord(game);
    return format === "psq" ? formatPsq(record) : formatSgf(record);
  }

  private download(format: "psq" | "sgf"): void {
    const text = this.recordText(format);
    const game = this.timeline.currentGame();
    if (text === undefined || !game) return;
    const type = format === "sgf" ? "application/x-go-sgf" : "text/plain";
    download(new Blob([text], { type }), fileName(game, format));
  }

  /** The current line up to this ply as an animated GIF (its encoder is loaded now, not with the page). */
  private async exportGif(): Promise<void> {
    const game = this.timeline.currentGame();
    const screens = this.timeline.screensToCurrent();
    if (!game || screens.length === 0) return;
    this.host.busy(`Making an animated GIF of ${screens.length} plies…`);
    try {
      const { framesToGif } = (await import(GIF_EXPORT_MODULE)) as typeof GifExport;
      const gif = framesToGif(screens.map(drawScreen), VGA);
      const name = fileName(game, "gif");
      download(new Blob([gif as Uint8Array<ArrayBuffer>], { type: "image/gif" }), name);
      this.host.ready(`Saved ${name}: ${screens.length} frames, ${(gif.byteLength / 1024).toFixed(0)} KB`);
    } catch (error) {
      this.host.error(
        "Could not make the GIF",
        messageOf(error),
        "Its encoder is loaded the first time a GIF is made: that needs the network once.",
      );
    }
  }

  private copyLink(): void {
    const fragment = this.currentFragment();
    if (!fragment) return;
    const url = `${location.origin}${location.pathname}${fragment}`;
    history.replaceState(null, "", fragment);
    this.records.showLink(url);
    const unavailable = (): void =>
      this.host.ready("The clipboard is not available here: the link is selected beside the buttons");
    // Over plain http from another machine the browser has no clipboard API at all.
    if (typeof navigator.clipboard === "undefined") return unavailable();
    navigator.clipboard
      .writeText(url)
      .then(() => this.host.ready("Link copied: it replays this game up to this ply"), unavailable);
  }

  private async importRecord(text: string, name: string): Promise<void> {
    let read;
    try {
      read = fromRecord(parseRecord(text, name));
    } catch (error) {
      const detail = error instanceof RecordError ? error.message : String(error);
      this.lastMessage = `${name}: ${detail}`;
      this.host.error(
        `${name} cannot be read`,
        detail,
        "Open a PSQ (Piskvork) or SGF (FF[4], GM[4]) record of a 19x19 game.",
      );
      return;
    }
    if (read.kind === "piskasm") {
      await this.replay(read.game, name);
      return;
    }
    this.foreignView.open(name, read.moves, `${name}: ${read.why}`);
    this.tell(
      `${name} is not a game PISKASM.COM played here (${read.moves.length} stones${read.moves.length > 0 ? `, last ${formatCell(read.moves[read.moves.length - 1])}` : ""}): the emulator cannot reproduce it.`,
    );
  }

  /** The last message, also on the status line. */
  private tell(message: string): void {
    this.lastMessage = message;
    this.host.ready(message);
  }
}

/** The name of a file of `game` up to its current ply. */
function fileName(game: PiskasmGame, extension: string): string {
  return `piskasm-seed${game.seed}-${game.first}-${game.moves.length}plies.${extension}`;
}

/** The same stable state: phase, counts and every cell of the board. */
function sameState(a: GameState, b: GameState): boolean {
  return (
    a.phase === b.phase &&
    a.moveCount === b.moveCount &&
    a.gameCount === b.gameCount &&
    sameBytes(a.plocha, b.plocha)
  );
}
