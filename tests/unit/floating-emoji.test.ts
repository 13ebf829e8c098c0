import { describe, expect, it } from "vitest";
import { floatingEmoji } from "~/content/floating-emoji";

const seeds = Array.from({ length: 200 }, (_, i) => i * 2654435761);

describe("floating emoji on the backdrop page", () => {
  it("draws eleven emoji", () => {
    expect(floatingEmoji(42)).toHaveLength(11);
  });

  it("keeps every position, scale, delay and duration inside the spec's ranges", () => {
    for (const seed of seeds) {
      for (const item of floatingEmoji(seed)) {
        expect(item.top).toBeGreaterThanOrEqual(5);
        expect(item.top).toBeLessThanOrEqual(85);
        expect(item.left).toBeGreaterThanOrEqual(10);
        expect(item.left).toBeLessThanOrEqual(90);
        expect(item.scale).toBeGreaterThanOrEqual(0.7);
        expect(item.scale).toBeLessThanOrEqual(1.2);
        expect(item.delay).toBeGreaterThanOrEqual(0);
        expect(item.delay).toBeLessThanOrEqual(2);
        expect(item.duration).toBeGreaterThanOrEqual(4);
        expect(item.duration).toBeLessThanOrEqual(8);
      }
    }
  });

  it("gives the same layout for the same seed, so server and browser agree", () => {
    expect(floatingEmoji(1234)).toEqual(floatingEmoji(1234));
  });

  it("spreads the emoji out rather than stacking them", () => {
    const layout = floatingEmoji(7);
    expect(new Set(layout.map((item) => `${item.top},${item.left}`)).size).toBe(11);
    expect(floatingEmoji(7)).not.toEqual(floatingEmoji(8));
  });
});
