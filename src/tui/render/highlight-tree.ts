// Colours highlight.js's token tree (a highlight result's emitter) with a code theme, giving the
// text cli-highlight gives: it renders the tree to HTML and parses that back with parse5, which
// took 80% of highlighting's time and most of its garbage (200 TypeScript blocks: 173-390 ms
// against 31-48 ms from the tree). Rules kept from cli-highlight: a node's token is the word
// after "hljs-" in its class; text inside a token node is painted by that token only; text at
// the top or inside an embedded language's node is painted `default`, one run at a time.

/** A node of highlight.js 10's TokenTree: text, or a scope (`kind`) over children. */
export type TokenNode = string | { kind?: string; sublanguage?: boolean; children: TokenNode[] };
export type Paint = (text: string) => string;

const plain: Paint = (text) => text;
const TOKEN = /hljs-(\w+)/;

/** The children of `nodes`, those without a scope replaced by their own (they draw no tag). */
function* inline(nodes: readonly TokenNode[]): Generator<TokenNode> {
  for (const node of nodes) {
    if (typeof node !== "string" && !node.kind) yield* inline(node.children);
    else yield node;
  }
}

function paintNodes(nodes: readonly TokenNode[], theme: Readonly<Record<string, Paint>>, inToken: boolean): string {
  const paintDefault = Object.hasOwn(theme, "default") ? (theme["default"] ?? plain) : plain;
  let out = "";
  let text = "";
  const flush = (): void => {
    if (text === "") return;
    out += inToken ? text : paintDefault(text);
    text = "";
  };
  for (const node of inline(nodes)) {
    if (typeof node === "string") {
      text += node;
      continue;
    }
    flush();
    // An embedded language's node has its name for a class, without the prefix.
    const token = node.sublanguage ? undefined : TOKEN.exec(`hljs-${node.kind}`)?.[1];
    if (token === undefined) out += paintNodes(node.children, theme, false);
    else out += (Object.hasOwn(theme, token) ? (theme[token] ?? plain) : plain)(paintNodes(node.children, theme, true));
  }
  flush();
  return out;
}

/** `root` (a highlight result's `emitter.rootNode`) as text coloured by `theme`. */
export function paintTokenTree(root: TokenNode, theme: Readonly<Record<string, Paint>>): string {
  return paintNodes([root], theme, false);
}
