// highlight.js's token tree painted directly (render/highlight-tree.ts) gives the text
// cli-highlight gives through HTML and parse5, in the palette's colours: for every kind of
// block an answer holds, embedded languages included, and for the tree shapes that matter.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { paintTokenTree } from "../../../src/tui/render/highlight-tree.js";
import { buildPalette } from "../../../src/tui/render/palette.js";

const require = createRequire(import.meta.url);
const cli = require("cli-highlight") as typeof import("cli-highlight");
type Hljs = {
  highlight(
    code: string,
    o: { language: string; ignoreIllegals: boolean },
  ): { emitter: { rootNode: Parameters<typeof paintTokenTree>[0] } };
};
const hljs = createRequire(require.resolve("cli-highlight"))("highlight.js") as Hljs;

const SAMPLES: [string, string][] = [
  [
    "ts",
    "export function step(input: number): number {\n  const doubled = input * 2; // twice\n  return doubled > 100 ? doubled - 100 : `$" +
      "{doubled}`;\n}\n",
  ],
  ["python", 'def step(value):\n    """Doc & <tags>."""\n    return {"n": 1, \'v\': value}  # done\n'],
  ["bash", 'for f in *.ts; do echo "$f" > /dev/null && ls -la "$HOME"; done'],
  ["json", '{"a": [1, 2.5, true, null], "b": "x<y&z"}'],
  ["diff", "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-old line\n+new line\n context"],
  ["rust", 'fn main() { let v: Vec<u8> = vec![1, 2]; println!("{:?}", v); }'],
  ["go", 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println("hi") }'],
  ["html", '<style>p { color: red; }</style><script>const a = `x` + 1;</script><p class="x">hi &amp; bye</p>'],
  ["markdown", "# Title\n\n<div>html</div>\n\n```js\nlet b = 2;\n```\n\n*em* **strong** [link](http://x)"],
  ["tsx", "export const C = () => <div style={{ a: 1 }}>{'x'}</div>;"],
  ["css", "a:hover > .b #c[d='e'] { color: #fff !important; }"],
  ["sql", "SELECT a, COUNT(*) FROM t WHERE b = 'x' GROUP BY a;"],
  ["yaml", "key: value\nlist:\n  - 1\n  - 'two'\n"],
  ["php", '<?php echo "<b>$x</b>"; ?>\n<p>html</p>'],
];

describe("painting highlight.js's token tree", () => {
  for (const name of ["dark", "light", "mono"] as const) {
    it(`writes what cli-highlight writes, in the ${name} palette`, () => {
      const theme = buildPalette(name, 3).code;
      for (const [language, code] of SAMPLES) {
        const tree = hljs.highlight(code, { language, ignoreIllegals: true }).emitter.rootNode;
        expect(paintTokenTree(tree, theme), language).toBe(
          cli.highlight(code, { language, ignoreIllegals: true, theme }),
        );
      }
    });
  }

  it("paints a token's text once, top-level text as one run, and an embedded language's text as top-level", () => {
    const tag = (name: string) => (s: string) => `<${name}>${s}</${name}>`;
    const theme = { default: tag("d"), keyword: tag("k"), string: tag("s") };
    const tree = {
      children: [
        "a",
        { children: ["b", "c"] },
        { kind: "keyword", children: ["if", { kind: "string", children: ["'x'"] }, "!"] },
        { kind: "xml", sublanguage: true, children: ["<", { kind: "meta-keyword", children: ["m"] }] },
        { kind: "unknown-token", children: ["u"] },
      ],
    };
    expect(paintTokenTree(tree, theme)).toBe("<d>abc</d><k>if<s>'x'</s>!</k><d><</d>mu");
  });
});
