#!/usr/bin/env node
/**
 * How often a request on a connection left idle just under workerd's 5 s limit fails, with
 * Playwright's request context as the end-to-end tests use it: reusing connections (Playwright's
 * own agent) and not (what tests/e2e/fixtures.ts sets). Run against a served site (`npm start`).
 *
 *   node scripts/idle-connections.mjs [http://localhost:8787] [tries, 40]
 */
import { Agent } from "node:http";
import { request } from "@playwright/test";

const base = process.argv[2] ?? "http://localhost:8787";
const tries = Number(process.argv[3] ?? 40);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function hangUps() {
  const api = await request.newContext({ baseURL: base });
  let failed = 0;
  for (let i = 0; i < tries; i++) {
    await api.get("/terms");
    // 4,900 to 4,995 ms: the edge of workerd's idle limit, where its close and the next request cross.
    await pause(4_900 + (i % 20) * 5);
    await api.get("/terms").catch(() => failed++);
  }
  await api.dispose();
  return failed;
}

const keepSocketAlive = Agent.prototype.keepSocketAlive;
console.log(`reusing connections: ${await hangUps()} of ${tries} requests failed`);
Agent.prototype.keepSocketAlive = () => false;
console.log(`a new connection each: ${await hangUps()} of ${tries} requests failed`);
Agent.prototype.keepSocketAlive = keepSocketAlive;
