/**
 * The run's closing lines about the local runtime: how many times workerd exited and was started
 * again, the log lines before each exit, and which tests a crash failed and their second try passed.
 * More than two exits that nobody caused on purpose fail the run: something of ours is then wrong
 * (docs/testing.md, "The local server").
 */
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { crashedMarker, outages, runtimeEvents } from "./runtime-crashes";

const unplannedExitsAllowed = 2;

export default class RuntimeReporter implements Reporter {
  private readonly rerunAfterCrash: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.retry === 0) return;
    const first = test.results[0];
    if (first?.errors.some((error) => error.message?.includes(crashedMarker))) {
      this.rerunAfterCrash.push(`${test.titlePath().slice(1).join(" › ")}: ${result.status === "passed" ? "passed on its second try" : "failed again"}`);
    }
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult["status"] } | undefined> {
    const events = runtimeEvents();
    const exits = outages(events);
    const unplanned = exits.filter(({ exit }) => !exit.deliberate);
    const gaveUp = events.some((event) => event.event === "gave-up");
    console.log("");
    for (const { exit, servingAgainAt } of exits) {
      const back = servingAgainAt ? `serving again ${servingAgainAt.getTime() - new Date(exit.at).getTime()} ms later` : "never served again";
      console.log(`The local runtime exited at ${exit.at} (workerd pid ${exit.pid}${exit.deliberate ? ", killed on purpose" : ""}); ${back}. Its last lines:`);
      for (const line of exit.logBefore.slice(-15)) console.log(`  | ${line}`);
    }
    for (const line of this.rerunAfterCrash) console.log(`Run again after a runtime crash: ${line}`);
    console.log(`runtime: ${exits.length} exits (${exits.length - unplanned.length} on purpose), ${events.filter((event) => event.event === "restart").length} restarts, ${this.rerunAfterCrash.length} tests run again after a crash`);
    if (gaveUp || unplanned.length > unplannedExitsAllowed) {
      console.log(`runtime: FAILED, ${gaveUp ? "the supervisor could not start workerd again" : `${unplanned.length} exits nobody caused (at most ${unplannedExitsAllowed})`}`);
      return { status: "failed" };
    }
    return result.status === "passed" ? undefined : { status: result.status };
  }
}
