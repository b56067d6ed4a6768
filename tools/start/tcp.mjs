// Whether something accepts TCP connections on a local port.
import { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Answers within `timeoutMs` whether something accepts TCP connections on localhost:port. */
export function answers(port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (up) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.connect(port, 'localhost');
  });
}

/** Resolves once localhost:port answers, or with false after `timeoutMs` or when `gaveUp()` says so. */
export async function untilAnswers(port, { timeoutMs, gaveUp }) {
  const deadline = Date.now() + timeoutMs;
  while (!gaveUp() && Date.now() < deadline) {
    if (await answers(port)) return true;
    await sleep(200);
  }
  return false;
}
