// Framer + router fuzz: every recorded pi trace, re-chunked at random byte boundaries (also
// inside multi-byte characters), yields exactly the frames a plain LF split yields, in order.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { createJsonlFramer } from "../../src/protocol/index.js";
import { createFrameRouter, type RoutedFrame } from "../../src/bridge/frame-router.js";

const TRACE_DIR = resolve(import.meta.dirname, "..", "fixtures", "traces", "pi-0.73.1");
const traces = readdirSync(TRACE_DIR).filter((f) => f.endsWith(".jsonl") && !f.includes("timeline"));
const identity = (text: string): string => text;

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function reference(bytes: Buffer): RoutedFrame[] {
  const router = createFrameRouter(identity);
  return bytes
    .toString("utf8")
    .split("\n")
    .map((l) => l.replace(/\r$/, ""))
    .filter((l) => l.trim().length > 0)
    .map((l) => router.route(l));
}

function chunked(
  bytes: Buffer,
  random: () => number,
  maxChunk: number,
): { frames: RoutedFrame[]; cutsInsideChar: number } {
  const router = createFrameRouter(identity);
  const frames: RoutedFrame[] = [];
  const framer = createJsonlFramer({ onRecord: (line) => frames.push(router.route(line)) });
  let cutsInsideChar = 0;
  let offset = 0;
  while (offset < bytes.length) {
    const size = 1 + Math.floor(random() * maxChunk);
    const end = Math.min(bytes.length, offset + size);
    // A continuation byte (10xxxxxx) right after the cut means the cut split a character.
    const next = bytes[end];
    if (next !== undefined && (next & 0xc0) === 0x80) cutsInsideChar += 1;
    framer.push(bytes.subarray(offset, end));
    offset = end;
  }
  framer.end();
  return { frames, cutsInsideChar };
}

describe("framer + router over recorded pi 0.73.1 traces", () => {
  it("has traces to replay", () => {
    expect(traces.length).toBeGreaterThanOrEqual(12);
  });

  for (const name of traces) {
    it(`${name}: random re-chunking gives identical frames in order`, () => {
      const bytes = readFileSync(join(TRACE_DIR, name));
      const expected = reference(bytes);
      expect(expected.length).toBeGreaterThan(0);
      // pi's own output is always valid protocol: nothing may be reported as an error.
      expect(expected.filter((f) => f.kind === "protocol_error")).toEqual([]);
      const random = mulberry32(name.length * 7919 + bytes.length);
      for (const maxChunk of [1, 7, 64, 4096]) {
        const { frames } = chunked(bytes, random, maxChunk);
        expect(frames).toEqual(expected);
      }
    });
  }

  it("cuts inside multi-byte characters are exercised (U+2028/U+2029 trace)", () => {
    const bytes = readFileSync(join(TRACE_DIR, "j_protocol_edges.jsonl"));
    const text = bytes.toString("utf8");
    expect(text.includes("\u2028")).toBe(true);
    const { frames, cutsInsideChar } = chunked(bytes, mulberry32(42), 3);
    expect(cutsInsideChar).toBeGreaterThan(0);
    expect(frames).toEqual(reference(bytes));
  });
});

describe("router classification", () => {
  const route = (line: string): RoutedFrame => createFrameRouter(identity).route(line);

  it("turns garbage into protocol errors with an excerpt, never throws", () => {
    for (const line of ["not json", "[1,2,3]", '"just a string"', "null", '{"no":"type"}', '{"type":"response"}']) {
      const frame = route(line);
      expect(frame.kind).toBe("protocol_error");
      if (frame.kind === "protocol_error") expect(frame.excerpt.length).toBeGreaterThan(0);
    }
  });

  it("passes unknown event types on as unknown_event with the raw object", () => {
    expect(route('{"type":"brand_new","x":1}')).toEqual({
      kind: "unknown_event",
      type: "brand_new",
      raw: { type: "brand_new", x: 1 },
    });
  });

  it("recovers a frame behind leaked terminal control sequences", () => {
    const frame = route('\u001b]0;title\u0007{"type":"agent_start"}');
    expect(frame).toEqual({ kind: "event", event: { type: "agent_start" } });
  });

  it("makes control characters visible in excerpts and redacts secrets", () => {
    const router = createFrameRouter((t) => t.replace(/sk-\w+/g, "[REDACTED]"));
    const frame = router.route("\u001b[2Jgarbage sk-abcdef123456");
    expect(frame.kind).toBe("protocol_error");
    if (frame.kind === "protocol_error") {
      expect(frame.excerpt).not.toContain("\u001b");
      expect(frame.excerpt).toContain("[REDACTED]");
    }
  });

  it("normalises legacy auto_compaction_* to compaction_* with the start reason", () => {
    const router = createFrameRouter(identity);
    expect(router.route('{"type":"auto_compaction_start","reason":"overflow"}')).toMatchObject({
      kind: "event",
      event: { type: "compaction_start", reason: "overflow" },
    });
    expect(router.route('{"type":"auto_compaction_end","aborted":false,"willRetry":true}')).toEqual({
      kind: "event",
      event: { type: "compaction_end", reason: "overflow", aborted: false, willRetry: true },
    });
  });

  it("drops legacy message_update start, keeps delta and legacy full forms", () => {
    const router = createFrameRouter(identity);
    expect(router.route('{"type":"message_update","assistantMessageEvent":{"type":"start","partial":{}}}').kind).toBe(
      "ignored",
    );
    expect(
      router.route(
        '{"type":"message_update","assistantMessageEvent":{"type":"text_delta","contentIndex":0,"delta":"x"}}',
      ).kind,
    ).toBe("event");
    expect(
      router.route('{"type":"message_update","assistantMessageEvent":{"type":"done","reason":"stop","message":{}}}')
        .kind,
    ).toBe("event");
  });

  it("unusual message shapes take the full protocol decoder (unknown roles, legacy images)", () => {
    const router = createFrameRouter(identity);
    expect(
      router.route('{"type":"message_start","message":{"role":"robot","content":"x","timestamp":1}}'),
    ).toMatchObject({
      kind: "event",
      event: { message: { role: "unknown_role", originalRole: "robot" } },
    });
    const legacy = router.route(
      '{"type":"message_end","message":{"role":"user","content":[{"type":"image","source":{"type":"base64","mediaType":"image/png","data":"AAAA"}}],"timestamp":1}}',
    );
    expect(legacy).toMatchObject({
      event: { message: { content: [{ type: "image", data: "AAAA", mimeType: "image/png" }] } },
    });
    // Known frames with broken required fields are protocol errors, not crashes.
    expect(router.route('{"type":"extension_ui_request","method":"select"}').kind).toBe("protocol_error");
  });

  it("maps hookMessage to custom and removes a null fullOutputPath", () => {
    const router = createFrameRouter(identity);
    expect(
      router.route(
        '{"type":"message_start","message":{"role":"hookMessage","customType":"x","content":"c","display":true,"timestamp":1}}',
      ),
    ).toMatchObject({
      event: { message: { role: "custom" } },
    });
    const bash = router.route(
      '{"type":"message_end","message":{"role":"bashExecution","command":"ls","output":"","cancelled":false,"truncated":false,"fullOutputPath":null,"timestamp":1}}',
    );
    expect(bash.kind === "event" && "fullOutputPath" in (bash.event as { message: object }).message).toBe(false);
  });
});
