/** Bounded HTTP load on loopback: a fixed number of clients, each sending requests one after another. */

export function percentile(sortedMs, p) {
  if (!sortedMs.length) return 0;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)];
}

export function latencySummary(latenciesMs) {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const round = (value) => Math.round(value * 10) / 10;
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/**
 * Runs `clients` loops that each call `send(i)` for their share of `total` requests (or until
 * `seconds` pass, whichever first) and records status and latency of every response.
 */
export async function drive({ clients, total = Infinity, seconds = Infinity, send }) {
  const results = [];
  const deadline = performance.now() + seconds * 1000;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total && performance.now() < deadline) {
        const i = next++;
        const t0 = performance.now();
        let status = 0;
        try {
          const response = await send(i);
          status = response.status;
          await response.arrayBuffer();
        } catch {
          status = -1;
        }
        results.push({ i, status, ms: performance.now() - t0 });
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  return { results, elapsedS, rps: results.length / elapsedS, latency: latencySummary(results.map((r) => r.ms)) };
}
