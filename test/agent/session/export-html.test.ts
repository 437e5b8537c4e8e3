// export_html: one self-contained file with the session's text, markdown and code rendered,
// collapsible thinking/tool calls, usage and cost, and no secrets; checked in headless Chromium.
import { execFile } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { defaultExportName, exportSessionHtml, renderSessionHtml } from "../../../src/agent/session/export-html.js";
import { createRedactor } from "../../../src/agent/session/export-redact.js";
import { assistant, makeTempDir, quietSession, toolResult, user } from "./helpers.js";

const CHROMIUM = "/usr/bin/chromium";
const SECRET = "sk-test-0123456789abcdefghijklmn";
const ENV_SECRET = "hunter2-super-secret-value";
const env = { OPENAI_API_KEY: SECRET, DB_PASSWORD: ENV_SECRET, HOME: "/home/me", SHORT_TOKEN: "abc" };
const dir = makeTempDir("session-export-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function buildSession() {
  const session = quietSession(dir, { cwd: dir });
  session.setName("Export demo");
  session.appendMessage(user(`Please fix **parser.ts**; my key is ${SECRET}. <script>alert(1)</script>`));
  session.appendMessage(
    assistant("", {
      content: [
        { type: "thinking", thinking: "Thinking about the parser state machine" },
        {
          type: "text",
          text: "Here is the fix:\n\n```ts\nconst answer = 42; // the answer\n```\n\n![remote](https://example.com/x.png)",
        },
        { type: "toolCall", id: "call-1", name: "bash", arguments: { command: `echo ${ENV_SECRET}` } },
      ],
      usage: {
        input: 1200,
        output: 300,
        cacheRead: 0,
        cacheWrite: 0,
        totalTokens: 1500,
        cost: { input: 0.01, output: 0.02, cacheRead: 0, cacheWrite: 0, total: 0.03 },
      },
      stopReason: "toolUse",
    }),
  );
  session.appendMessage(toolResult("call-1", "bash", `printed ${ENV_SECRET} and ghp_abcdefghijklmnopqrstuvwxyz0123`));
  session.appendMessage(assistant("All tests pass now."));
  return session;
}

describe("redaction", () => {
  it("redacts secret env values and token shapes, keeps ordinary text", () => {
    const redact = createRedactor(env);
    expect(redact(`a ${SECRET} b ${ENV_SECRET} c /home/me abc`)).toBe("a [REDACTED] b [REDACTED] c /home/me abc");
    expect(redact("token ghp_abcdefghijklmnopqrstuvwxyz0123")).toBe("token [REDACTED]");
  });
});

describe("export_html", () => {
  it("renders the transcript self-contained, with no secret and no active HTML from messages", () => {
    const html = renderSessionHtml({ session: buildSession(), env, modelLabel: "fake/fake-model" });
    expect(html).toContain("Export demo");
    expect(html).toContain("<strong>parser.ts</strong>");
    expect(html).toContain('<span class="hl-keyword">const</span>');
    expect(html).toContain('<details class="thinking">');
    expect(html).toContain("Tool call: <code>bash</code>");
    expect(html).toContain("All tests pass now.");
    expect(html).toContain("$0.03");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    for (const secret of [SECRET, ENV_SECRET, "ghp_abcdefghijklmnopqrstuvwxyz0123"]) expect(html).not.toContain(secret);
    // No network assets: no src/href to remote resources besides ordinary links.
    expect(html).not.toMatch(/<(img|script|link|iframe)[^>]+(src|href)=/i);
    expect(html).toContain("[image: remote]");
  });

  it("writes the default file name into the cwd", () => {
    const session = buildSession();
    const path = exportSessionHtml({ session, cwd: dir, env });
    expect(path).toBe(`agent-session-${session.getHeader().timestamp.replace(/[:.]/g, "-")}_${session.sessionId}.html`);
    expect(readFileSync(join(dir, path), "utf8")).toContain("All tests pass now.");
  });

  it("makes a safe default name of a hostile session header: no path, no control character", () => {
    const header = {
      ...buildSession().getHeader(),
      id: "../../x\u001b]52;c;YQ==\u0007\u202e/y",
      timestamp: "2026-01-02T03:04:05.678Z\u009b2J",
    };
    const name = defaultExportName({ getHeader: () => header } as unknown as Parameters<typeof defaultExportName>[0]);
    expect(name).toMatch(/^agent-session-[A-Za-z0-9_-]+\.html$/);
    expect(name).toBe("agent-session-2026-01-02T03-04-05-678Z-2J_------x--52-c-YQ-----y.html");
  });

  it.skipIf(!existsSync(CHROMIUM))(
    "opens in headless Chromium with the session's text",
    async () => {
      const file = join(dir, "chromium.html");
      exportSessionHtml({ session: buildSession(), cwd: dir, outputPath: file, env });
      const { stdout } = await promisify(execFile)(
        CHROMIUM,
        [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-dev-shm-usage",
          `--user-data-dir=${join(dir, "chromium-profile")}`,
          "--dump-dom",
          `file://${file}`,
        ],
        { timeout: 30_000, maxBuffer: 16 * 1024 * 1024 },
      );
      const text = stdout.replace(/<[^>]+>/g, "");
      expect(text).toContain("All tests pass now.");
      expect(text).toContain("Thinking about the parser state machine");
      expect(text).toContain("const answer = 42; // the answer");
      expect(stdout).not.toContain(SECRET);
    },
    40_000,
  );
});
