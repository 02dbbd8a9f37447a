/**
 * Any other failure as one line and an exit code: file-system and memory problems are the user's
 * environment (exit 2, the path they named and the reason in words); everything else is a failure of
 * the run itself (exit 1, its message, which for the emulator holds the screen).
 */
import { errnoCode, FileError, fsReason } from "../util/files.js";
import { messageOf } from "../util/error-message.js";

export interface Failure {
  message: string;
  exitCode: 1 | 2;
}

/** Messages of V8 and WebAssembly when memory cannot be had (under `ulimit -v`, or a full machine). */
const OUT_OF_MEMORY =
  /allocation failed|could not allocate|out of memory|WebAssembly\.Memory|Array buffer allocation/i;

export function describeFailure(error: unknown): Failure {
  if (error instanceof FileError) return { message: error.message, exitCode: 2 };
  const code = errnoCode(error);
  if (code !== undefined) {
    const path = (error as NodeJS.ErrnoException).path;
    return { message: path ? `${path}: ${fsReason(error)}` : fsReason(error), exitCode: 2 };
  }
  const text = messageOf(error);
  // Only the first line: an emulator's error goes on with the guest's screen, which may say "Out of memory".
  if (OUT_OF_MEMORY.test(text.split("\n", 1)[0])) {
    return {
      message: `not enough memory for the emulator (${text}); allow more (ulimit -v) or run fewer --jobs`,
      exitCode: 2,
    };
  }
  return { message: text, exitCode: 1 };
}
