// The vim mode's typed commands as /hotkeys lists them while vim mode is on (vim's grammar, not
// rebindable; its two keys, Esc and Ctrl+R, are the keymap's `vim` context: vim-bindings.ts).
export const VIM_KEY_HELP: readonly string[] = [
  "Vim mode (/vim; the footer shows the mode):",
  "  INSERT     the editor's keys above; esc → NORMAL",
  "  NORMAL     esc with nothing pending: as without vim (aborts a run); enter sends; ↑↓ and ctrl keys as above",
  "  motions    h j k l  w b e W B E  0 ^ $  gg G  f t F T + char  ; ,   (j/k at the first/last line: history)",
  "  counts     3w  d2w  2dd  3x",
  "  operators  d c y + motion or text object; dd cc yy; D C Y; x X s S; p P; J ~ r",
  "  objects    iw aw iW aW  i\" a\" i' a' i` a`  i( a( ib  i[ a[  i{ a{ iB  i< a<",
  "  insert     i a I A o O",
  "  undo       u undo · ctrl+r redo · . repeats the last change",
  "  visual     v (characters) V (lines); motions extend; d x y c s J ~ p act; o other end; esc → NORMAL",
];
