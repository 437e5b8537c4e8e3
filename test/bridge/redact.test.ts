// Secret redaction of worker stderr and error text (docs/protocol.md §11.3).
import { describe, expect, it } from "vitest";
import { createRedactor } from "../../src/bridge/redact.js";

describe("redaction", () => {
  const redact = createRedactor({
    MY_API_KEY: "supersecretvalue123",
    GITHUB_TOKEN: "tok-abcdef",
    AUTH: "1",
    PATH: "/usr/bin",
  });
  it.each([
    ["key sk-ant-api03-AAAAbbbbCCCCdddd here", "sk-ant-api03"],
    ["key sk-proj-abcdefghijk12345", "sk-proj-abcdefghijk"],
    ["Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig", "eyJhbGci"],
    ["token ghp_abcdefghijklmnopqrstuvwxyz0123456789", "ghp_abcdefgh"],
    ["google AIzaSyA-1234567890abcdefghijklmnop", "AIzaSyA-123"],
    ["slack xoxb-1234-5678-abcdefgh", "xoxb-1234"],
    ["aws AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"],
    ["url https://user:hunter2@example.com/x", "hunter2"],
    ["env value supersecretvalue123 leaked", "supersecretvalue123"],
    ["gh tok-abcdef leaked", "tok-abcdef"],
    ['{"apiKey": "plainvalue99"}', "plainvalue99"],
  ])("removes secrets from %s", (input, secret) => {
    const out = redact(input);
    expect(out).not.toContain(secret);
    expect(out).toContain("[REDACTED]");
  });
  it("keeps ordinary text and short env values", () => {
    expect(redact("exit code 1 after 12 ms in /usr/bin")).toBe("exit code 1 after 12 ms in /usr/bin");
  });
});
