/**
 * The site's Worker served by workerd through Miniflare's own API, kept alive: Miniflare does not
 * restart workerd when it exits, and `wrangler dev` treats one failed request in its proxy as fatal
 * (docs/platform-notes.md, "The local runtime"). This owns workerd's output (always read, so a full
 * pipe never blocks it), notices its exit the moment its output closes, starts it again on the same
 * port over the same persisted data, and records each exit and restart as a line of JSON in
 * `eventsFile`, with the log lines before the exit, for whoever is running against it (the
 * end-to-end fixtures and reporter read them).
 */
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import readline from "node:readline";
import { Miniflare } from "miniflare";

const logLinesKept = 40;

/** workerd processes started by this process: Miniflare does not say which pid it spawned. */
function workerdChildren() {
  const pids = [];
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    let children = "";
    try {
      children = readFileSync(`/proc/${process.pid}/task/${task}/children`, "utf8");
    } catch {
      continue;
    }
    for (const pid of children.trim().split(/\s+/).filter(Boolean).map(Number)) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "workerd") pids.push(pid);
      } catch {
        // gone between the two reads
      }
    }
  }
  return pids;
}

/**
 * @param {{
 *   options: import("miniflare").MiniflareOptions,
 *   port: number,
 *   eventsFile?: string,
 *   logFile?: string,
 *   echo?: (line: string) => void,
 * }} settings
 */
export async function startSupervisedSite({ options, port, eventsFile, logFile, echo = () => {} }) {
  /** @type {string[]} */
  const recent = [];
  let stopping = false;
  /** How many times workerd was spawned, and the pid of the latest. */
  let spawned = 0;
  let pid = 0;
  /** Pids the caller said it is about to kill: their exit is recorded as deliberate. */
  const deliberate = new Set();
  const record = (event) => {
    if (eventsFile) appendFileSync(eventsFile, JSON.stringify(event) + "\n");
  };
  if (eventsFile) writeFileSync(eventsFile, "");
  if (logFile) writeFileSync(logFile, "");

  const log = (line) => {
    recent.push(line);
    if (recent.length > logLinesKept) recent.shift();
    if (logFile) appendFileSync(logFile, line + "\n");
    echo(line);
  };

  let restarting = Promise.resolve();
  const onExit = (exitedPid) => {
    if (stopping) return;
    const exit = { event: "exit", at: new Date().toISOString(), pid: exitedPid, deliberate: deliberate.has(exitedPid), logBefore: [...recent] };
    log(`[supervisor] workerd (pid ${exitedPid}) exited${exit.deliberate ? " (killed on purpose)" : ""}; starting it again on port ${port}`);
    record(exit);
    restarting = restarting.then(async () => {
      const began = Date.now();
      await mf.setOptions(runtimeOptions);
      await mf.ready;
      log(`[supervisor] workerd (pid ${pid}) is serving again after ${Date.now() - began} ms`);
      record({ event: "restart", at: new Date().toISOString(), pid, tookMs: Date.now() - began });
    });
    restarting.catch((error) => {
      log(`[supervisor] could not start workerd again: ${error?.stack ?? error}`);
      record({ event: "gave-up", at: new Date().toISOString(), error: String(error) });
    });
  };

  const runtimeOptions = {
    ...options,
    host: "127.0.0.1",
    port,
    // Every line workerd writes is read here, whoever else reads it: a pipe left full would block it.
    handleRuntimeStdio(stdout, stderr) {
      spawned += 1;
      const generation = spawned;
      const own = workerdChildren().filter((child) => child !== pid).at(-1) ?? 0;
      pid = own;
      let open = 2;
      for (const stream of [stdout, stderr]) {
        readline.createInterface({ input: stream }).on("line", log);
        stream.on("close", () => {
          open -= 1;
          // Both of workerd's pipes closed: it exited. Only the run it belonged to reacts.
          if (open === 0 && generation === spawned) onExit(own);
        });
      }
    },
  };

  const mf = new Miniflare(runtimeOptions);
  await mf.ready;
  log(`[supervisor] workerd (pid ${pid}) serving http://127.0.0.1:${port}`);
  record({ event: "start", at: new Date().toISOString(), pid });

  return {
    mf,
    get pid() {
      return pid;
    },
    /** Marks the running workerd's coming exit as deliberate (a test's kill), and returns its pid. */
    expectKill() {
      deliberate.add(pid);
      return pid;
    },
    /** Resolves once any restart under way has finished. */
    settled: () => restarting,
    async stop() {
      stopping = true;
      await restarting.catch(() => {});
      await mf.dispose();
    },
  };
}
