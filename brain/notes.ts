/**
 * MESSAGE and DEBUG lines waiting for the next answer. The protocol description asks a brain to send
 * them "just before respond to some command"; engines post here (a move check that failed, a rule they
 * do not play) and the protocol layer writes them before its next answer.
 */
export type NoteKind = "MESSAGE" | "DEBUG";

export interface Note {
  readonly kind: NoteKind;
  readonly text: string;
}

/** Notes kept until the next answer; a manager that sends thousands of bad INFO lines gets the first ones. */
export const MAX_WAITING_NOTES = 100;

export class Notes {
  private readonly waiting: Note[] = [];

  message(text: string): void {
    this.post({ kind: "MESSAGE", text });
  }

  debug(text: string): void {
    this.post({ kind: "DEBUG", text });
  }

  private post(note: Note): void {
    if (this.waiting.length < MAX_WAITING_NOTES) this.waiting.push(note);
  }

  /** The waiting notes as protocol lines (one line each: no line break may be inside a message). */
  drain(): string[] {
    const lines = this.waiting.map((note) => `${note.kind} ${note.text.replace(/[\r\n]+/g, " ")}`);
    this.waiting.length = 0;
    return lines;
  }
}
