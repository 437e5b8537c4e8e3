// Ink's copy of everything <Static> printed stays bounded: appending a long day of printed lines
// keeps only the last lines (whole lines, never empty), Ink reads back only the last part, and
// the install reaches every Ink instance render() creates.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { pathToFileURL } from "node:url";
import { render, Text } from "ink";
import React from "react";
import { describe, expect, it, onTestFinished } from "vitest";
import { installInkInstanceHooks } from "../../../src/tui/ink/ink-instance-hooks.js";
import { boundStaticOutput, lastLines, MAX_STATIC_OUTPUT_CHARS } from "../../../src/tui/ink/ink-static-output.js";

describe("Ink's kept static output", () => {
  it("keeps the last lines of what was printed, however much was printed", () => {
    const instance = { fullStaticOutput: "" };
    const kept = boundStaticOutput(instance, 1000);
    for (let i = 0; i < 20_000; i += 1) instance.fullStaticOutput += `\u001b[1mline ${i}\u001b[22m of the transcript\n`;
    expect(kept().length).toBeLessThanOrEqual(1000);
    expect(kept().startsWith("\u001b[1mline ")).toBe(true);
    expect(kept()).toContain("line 19998\u001b[22m of the transcript\n");
    expect(kept().endsWith("line 19999\u001b[22m of the transcript\n")).toBe(true);
  });

  it("gives Ink back only the last part printed, and announces each part as it is appended", () => {
    const instance = { fullStaticOutput: "" };
    const parts: string[] = [];
    const kept = boundStaticOutput(instance, 1000, (part) => parts.push(part));
    instance.fullStaticOutput += "first\n";
    instance.fullStaticOutput += "second\nthird\n";
    // So that Ink's next append joins a short string, not the whole kept transcript.
    expect(instance.fullStaticOutput).toBe("second\nthird\n");
    instance.fullStaticOutput += "";
    expect(parts).toEqual(["first\n", "second\nthird\n"]);
    expect(kept()).toBe("first\nsecond\nthird\n");
    // Anything but an append replaces the copy.
    instance.fullStaticOutput = "";
    expect(kept()).toBe("");
    expect(instance.fullStaticOutput).toBe("");
  });

  it("never leaves it empty once something was printed", () => {
    expect(lastLines("x".repeat(50), 10)).toBe("x".repeat(10));
    expect(lastLines(`${"x".repeat(50)}\n`, 10)).toBe(`${"x".repeat(9)}\n`);
    expect(lastLines("short", 10)).toBe("short");
  });

  it("bounds the instance render() creates", async () => {
    const inkMain = createRequire(import.meta.url).resolve("ink");
    const { default: instances } = (await import(pathToFileURL(join(dirname(inkMain), "instances.js")).href)) as {
      default: WeakMap<object, object>;
    };
    // The hook goes into this process's Ink, which the next files in this fork share
    // (vitest.config.ts): take it out again after the test.
    const before = Object.getOwnPropertyDescriptor(instances, "set");
    onTestFinished(() => {
      if (before) Object.defineProperty(instances, "set", before);
      else Reflect.deleteProperty(instances, "set");
    });
    expect(await installInkInstanceHooks()).toBe(true);
    const stdout = Object.assign(new PassThrough(), { columns: 80, rows: 24, isTTY: true });
    const app = render(React.createElement(Text, null, "hello"), {
      stdout: stdout as unknown as NodeJS.WriteStream,
      patchConsole: false,
    });
    const instance = instances.get(stdout) as { fullStaticOutput: string };
    expect(Object.getOwnPropertyDescriptor(instance, "fullStaticOutput")?.set).toBeTypeOf("function");
    instance.fullStaticOutput += "a line\n".repeat(MAX_STATIC_OUTPUT_CHARS);
    expect(instance.fullStaticOutput.length).toBeLessThanOrEqual(MAX_STATIC_OUTPUT_CHARS);
    app.unmount();
  });
});
