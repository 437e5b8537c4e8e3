// Terminal replies among Ink's raw input events: OSC/DCS answers are dropped whole (BEL or ST
// terminated, split across events), anything else after an opener is typed as usual.
import { describe, expect, it } from "vitest";
import { createReplyFilter } from "../../../src/tui/terminal/terminal-replies.js";

const kept = (events: string[]): string[] => {
  const f = createReplyFilter();
  return events.filter((e) => !f.drops(e));
};

describe("terminal replies", () => {
  it("drops an OSC 11 reply ended by ST or by BEL, and what follows is kept", () => {
    expect(kept(["\u001b]", "11;rgb:0000/0000/0000", "\u001b\\", "hi"])).toEqual(["hi"]);
    expect(kept(["\u001b]", "11;rgb:ffff/ffff/ffff\u0007", "x"])).toEqual(["x"]);
  });

  it("drops a reply split across reads and a DCS reply", () => {
    expect(kept(["\u001b]", "11;rgb:00", "00/0000", "\u001b\\", "a"])).toEqual(["a"]);
    expect(kept(["\u001bP", "1$r0m", "\u001b\\", "b"])).toEqual(["b"]);
  });

  it("keeps text typed after Alt+] (no reply body follows the opener)", () => {
    expect(kept(["\u001b]", "hello", "\r"])).toEqual(["hello", "\r"]);
    expect(kept(["plain", "\u001b[A"])).toEqual(["plain", "\u001b[A"]);
  });

  it("stops dropping after a reply that never ends", () => {
    expect(kept(["\u001b]", "52;c;", "x".repeat(5000), "typed"])).toEqual(["typed"]);
  });
});
