// Runs the services as child processes, forwards their output line by line behind a prefix, and
// stops them all together.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const COLOURS = [36, 35, 33, 32];
const STOP_GRACE_MS = 10_000;

export class Services {
  #children = [];
  #stopping = false;

  /** Called once when a service exits while nobody asked it to. */
  onUnexpectedExit = () => undefined;

  /** Starts `node <script>` with `env`; its lines are printed behind `[name]`. */
  start(name, script, env, width) {
    const label = `[${name}]`.padEnd(width + 2);
    const colour = COLOURS[this.#children.length % COLOURS.length];
    const prefix = process.stdout.isTTY ? `\x1b[${colour}m${label}\x1b[0m ` : `${label} `;
    const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
    }
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    exited.then(({ code, signal }) => {
      if (this.#stopping) return;
      console.error(`${label} exited unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`})`);
      this.onUnexpectedExit();
    });
    this.#children.push({ name, child, exited });
  }

  /** Sends SIGTERM to every service, and SIGKILL to those still running after the grace period. */
  async stopAll() {
    this.#stopping = true;
    const running = this.#children.filter(({ child }) => child.exitCode === null && child.signalCode === null);
    for (const { child } of running) child.kill('SIGTERM');
    const timer = setTimeout(() => {
      for (const { name, child } of running) {
        if (child.exitCode === null && child.signalCode === null) {
          console.error(`[${name}] did not stop within ${STOP_GRACE_MS / 1000} s; killing it`);
          child.kill('SIGKILL');
        }
      }
    }, STOP_GRACE_MS);
    await Promise.all(running.map(({ exited }) => exited));
    clearTimeout(timer);
  }
}
