// A test client of a live worker's socket (client-hub.ts): every frame it received in order, a
// way to send, and a wait for the next frame that matches.
import { connect, type Socket } from "node:net";

export type Frame = Record<string, unknown> & { type: string };

export type Client = {
  socket: Socket;
  frames: Frame[];
  send(f: object): void;
  next(p: (f: Frame) => boolean): Promise<Frame>;
};

export function client(path: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    const frames: Frame[] = [];
    const waiters: Array<{ p: (f: Frame) => boolean; done: (f: Frame) => void }> = [];
    let buf = "";
    socket.on("data", (d: Buffer) => {
      buf += d.toString();
      for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
        const f = JSON.parse(buf.slice(0, i)) as Frame;
        buf = buf.slice(i + 1);
        frames.push(f);
        for (const w of waiters.splice(0)) w.p(f) ? w.done(f) : waiters.push(w);
      }
    });
    const c: Client = {
      socket,
      frames,
      send: (f) => socket.write(`${JSON.stringify(f)}\n`),
      next: (p) =>
        new Promise((done) => {
          const seen = frames.find(p);
          if (seen) done(seen);
          else waiters.push({ p, done });
        }),
    };
    socket.once("connect", () => resolve(c));
    socket.once("error", reject);
  });
}
