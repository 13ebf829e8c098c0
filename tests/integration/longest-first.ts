/**
 * The integration files known to take longest start first. Without a cache of earlier durations
 * (a fresh clone, as CI is) vitest starts the largest files first, and the model of the books is
 * one of the smallest files and by far the longest run: it started last and ran alone for minutes
 * while the other worker sat idle (a clean-clone run: 54 files, 1,355 s of tests on 2 workers,
 * 854 s of wall time, the model's 289 s the last of it). With a cache, vitest's own order (longest
 * first, by the durations it kept) is left as it is.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Longest first, as measured in that run; the model of the plans, added since, took 233 s of tests with the machine at a load of 12 on its two cores. */
const longest = ["books-model.test.ts", "bad-input.test.ts", "books-model-found.test.ts", "books-model-plans.test.ts", "scale.test.ts"];

const rank = (file: TestSpecification) => {
  const index = longest.findIndex((name) => file.moduleId.endsWith(`/${name}`));
  return index < 0 ? longest.length : index;
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Projects stay in vitest's order; within each, the known long files first, every other file
    // in vitest's order (the sort is stable).
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const project = (file: TestSpecification) => projects.indexOf(file.project.name);
    return sorted.sort((a, b) => project(a) - project(b) || rank(a) - rank(b));
  }
}
