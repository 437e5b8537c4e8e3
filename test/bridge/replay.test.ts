// Whole-pipeline replay: the fake worker writes each recorded pi trace to its real stdout pipe
// in random chunks; the connection must deliver the events and UI requests recorded for it in
// client-expectations.json (derived from the raw trace without the bridge's code, by
// test/fixtures/traces/record-client-expectations.mjs), in order.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { harness, waitFor, type Harness } from "./helpers.js";

const TRACE_DIR = resolve(import.meta.dirname, "..", "fixtures", "traces", "pi-0.73.1");
const traces = readdirSync(TRACE_DIR).filter((f) => f.endsWith(".jsonl") && !f.includes("timeline"));
const EXPECTED = JSON.parse(readFileSync(join(TRACE_DIR, "client-expectations.json"), "utf8")) as Record<
  string,
  string[]
>;

let current: Harness | undefined;
afterEach(async () => {
  await current?.connection.stop();
  current = undefined;
});

describe("trace replay through a real pipe", () => {
  for (const name of traces) {
    it(name, async () => {
      const file = join(TRACE_DIR, name);
      const expected = EXPECTED[name];
      expect(expected, `${name} has no recorded expectation: run record-client-expectations.mjs`).toBeDefined();
      current = harness({ fakeEnv: { FAKE_FLAVOUR: "pi" }, probeCapabilities: false, degradedThreshold: 1000 });
      const h = current;
      await h.connection.start();
      const start = h.notices.length;
      await h.connection.rpc.prompt(`replay:${file}`);
      await waitFor(
        () => h.notices.some((n) => n.kind === "unknown_event" && n.type === "replay_done"),
        5000,
        "replay end",
      );
      const got = h.notices.slice(start).flatMap((n) => {
        if (n.kind === "event") return [`event:${n.event.type}`];
        if (n.kind === "ui_request") return [`ui:${n.request.method}:${n.request.id}`];
        return [];
      });
      expect(got).toEqual(expected);
      // Only pi's own `parse` error responses (to the malformed input j_protocol_edges sent) count.
      for (const e of h.of("protocol_error")) expect(e.message).toMatch(/^Worker could not parse a command/);
    });
  }
});
