/**
 * The process groups of the child programs this thread started detached (pbrain brains run by a
 * shell, which may start children of its own): killed whole when the thread ends or a signal ends the
 * command, so no brain keeps running, and burning a core, after piskasm has gone.
 */
const groups = new Set<number>();
let watcher: ((pid: number, alive: boolean) => void) | undefined;

/** Tells `listener` of every group tracked and untracked (a worker thread forwards them to the main thread). */
export function watchGroups(listener: (pid: number, alive: boolean) => void): void {
  watcher = listener;
}

/** Kills the group led by `pid` (a detached child); a group already gone is no error. */
export function killGroup(pid: number, signal: NodeJS.Signals = "SIGKILL"): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group has ended already.
  }
}

export function trackGroup(pid: number): void {
  if (groups.size === 0) process.once("exit", killTrackedGroups);
  groups.add(pid);
  watcher?.(pid, true);
}

export function untrackGroup(pid: number): void {
  if (groups.delete(pid)) watcher?.(pid, false);
  if (groups.size === 0) process.off("exit", killTrackedGroups);
}

/** Kills every tracked group at once (synchronous: safe in an exit or signal handler). */
export function killTrackedGroups(): void {
  for (const pid of groups) killGroup(pid);
  groups.clear();
}
