/**
 * CPU time the local runtime (workerd, started by miniflare under this process) has used, in
 * milliseconds, from Linux's per-thread scheduler statistics (`/proc/{pid}/task/{tid}/schedstat`,
 * nanoseconds on the CPU). Read before and after a request sent on its own, the difference is that
 * request's CPU time, what Cloudflare's `cpu_ms` limit counts. Elsewhere than Linux it is null.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";

function parentOf(pid) {
  try {
    // Field 4 of /proc/{pid}/stat, after the command name in parentheses.
    return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[1]);
  } catch {
    return 0;
  }
}

function descendsFromUs(pid) {
  for (let at = pid, hops = 0; at > 1 && hops < 10; at = parentOf(at), hops++) if (at === process.pid) return true;
  return false;
}

function workerdPids() {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "workerd" && descendsFromUs(pid);
      } catch {
        return false;
      }
    });
}

export function workerdCpuMs() {
  if (!existsSync("/proc/self/task")) return null;
  let ns = 0;
  for (const pid of workerdPids()) {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // A thread that ended between the listing and the read.
      }
    }
  }
  return ns / 1e6;
}
