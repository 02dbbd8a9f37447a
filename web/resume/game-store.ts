/**
 * The running game kept in IndexedDB, one record per copy of the site (keyed by the site's folder, so
 * /games/piskasm/ and /games/piskasm-old/ on one origin keep their own): the machine's state, the
 * moves that led to it in order, and what the state needs to come back (the build and the memory size).
 */
import type { MoveRecord } from "../follower.js";
import { siteFolder } from "../site-folder.js";

const DATABASE = "piskasm";
const STORE = "running-game";
const VERSION = 1;

export interface SavedGame {
  /** The page's build and floppy the state was made by (web/resume/autosave.ts's buildKey). */
  build: string;
  /** The emulated PC's memory; a state restores only into a machine with as much. */
  memoryMiB: number;
  /** Date.now() of the save. */
  savedAt: number;
  /** The game's move counter in the state. */
  moveCount: number;
  state: ArrayBuffer;
  /** The moves of the game in order (the timeline's line), for the panel's move list and follower. */
  moves: MoveRecord[];
}

function request<T>(run: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const opening = indexedDB.open(DATABASE, VERSION);
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
    opening.onerror = () => reject(opening.error ?? new Error(`IndexedDB ${DATABASE} did not open`));
    opening.onsuccess = () => {
      const database = opening.result;
      const transaction = database.transaction(STORE, mode, { durability: "strict" });
      const asked = run(transaction.objectStore(STORE));
      transaction.oncomplete = () => {
        database.close();
        resolve(asked.result);
      };
      transaction.onabort = transaction.onerror = () => {
        database.close();
        reject(transaction.error ?? asked.error ?? new Error(`IndexedDB ${STORE} failed`));
      };
    };
  });
}

export class GameStore {
  constructor(readonly key: string = siteFolder()) {}

  async get(): Promise<SavedGame | undefined> {
    const found: unknown = await request((store) => store.get(this.key), "readonly");
    return (found ?? undefined) as SavedGame | undefined;
  }

  /** Resolves once the record is on disk (a strict-durability transaction has completed). */
  async put(game: SavedGame): Promise<void> {
    await request((store) => store.put(game, this.key), "readwrite");
  }

  async delete(): Promise<void> {
    await request((store) => store.delete(this.key), "readwrite");
  }
}
