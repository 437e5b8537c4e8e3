// Terminal replies on stdin are not keys. A terminal answers queries (the background colour we
// ask for at start, and anything another program asked) with OSC or DCS strings; one that comes
// late (a slow SSH hop) reaches Ink as ESC + ']' and then the body as text, which would be typed
// into the editor. This filter recognises those strings among Ink's raw input events and drops
// them; anything that does not look like a reply is left alone.

const ESC = "\u001b";
const BEL = "\u0007";
/** String terminator: ESC \ (Ink hands it over as one event). */
const ST = `${ESC}\\`;
/** OSC, DCS, APC and PM openers as Ink's parser emits them (ESC + one character). */
const OPENERS = new Set([`${ESC}]`, `${ESC}P`, `${ESC}_`, `${ESC}^`]);
/** A reply body starts with its numeric code (`11;rgb:…`, `1$r…`, `1+r…`). */
const REPLY_BODY = /^[0-9]/;
/** A string longer than this is not a reply: stop dropping input. */
const MAX_REPLY_CHARS = 4096;

export type ReplyFilter = {
  /**
   * One raw input event (Ink's parser: a sequence or a run of text). True when it belongs to a
   * terminal reply and must not reach the keyboard handlers.
   */
  drops(raw: string): boolean;
};

export function createReplyFilter(): ReplyFilter {
  /** "none"; "opened": an opener was seen, its body decides; "body": inside a reply until BEL or ST. */
  let state: "none" | "opened" | "body" = "none";
  let length = 0;

  const enterBody = (raw: string): boolean => {
    length = raw.length;
    state = raw.endsWith(BEL) ? "none" : "body";
    return true;
  };

  return {
    drops(raw) {
      switch (state) {
        case "none":
          if (!OPENERS.has(raw)) return false;
          state = "opened";
          return true;
        case "opened":
          if (raw === ST) {
            state = "none";
            return true;
          }
          if (REPLY_BODY.test(raw)) return enterBody(raw);
          // Not a reply (Alt+] then typing): the opener is gone, the rest is typed as usual.
          state = "none";
          return false;
        case "body":
          length += raw.length;
          if (raw === ST || raw.endsWith(BEL) || length > MAX_REPLY_CHARS) state = "none";
          return true;
        default: {
          const never: never = state;
          return never;
        }
      }
    },
  };
}
