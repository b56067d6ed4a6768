// Runs the services as child processes, prints their output line by line behind their name, and
// stops them together.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const COLOURS = [36, 35, 33, 32];
/** How long a service gets to flush and close after SIGTERM before it is killed. */
const STOP_GRACE_MS = 10_000;

export class ServiceProcesses {
  #children = [];
  #stopping = false;
  #labelWidth;
  #onUnexpectedExit;

  /**
   * @param {{ names: string[], onUnexpectedExit: () => void }} options `names` of all services,
   * so that their prefixes line up; `onUnexpectedExit` is called when a service exits while
   * nobody asked it to.
   */
  constructor({ names, onUnexpectedExit }) {
    this.#labelWidth = Math.max(...names.map((name) => name.length)) + 2;
    this.#onUnexpectedExit = onUnexpectedExit;
    // Should this script itself fail, the services still get their SIGTERM.
    process.once('exit', () => this.#running().forEach(({ child }) => child.kill('SIGTERM')));
  }

  /** Starts `node <script>` with `env` added to this process's environment. */
  start({ name, script, env, cwd }) {
    const label = `[${name}]`.padEnd(this.#labelWidth);
    const colour = COLOURS[this.#children.length % COLOURS.length];
    // Nest colours its logs unless NO_COLOR is set; escape codes only belong on a terminal.
    const noColour = process.stdout.isTTY ? {} : { NO_COLOR: '1' };
    const child = spawn(process.execPath, [script], {
      cwd,
      env: { ...process.env, ...noColour, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    forwardLines(child.stdout, process.stdout, label, colour);
    forwardLines(child.stderr, process.stderr, label, colour);
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    exited.then(({ code, signal }) => {
      if (this.#stopping) return;
      console.error(`${label} exited unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`})`);
      this.#onUnexpectedExit();
    });
    this.#children.push({ name, child, exited });
  }

  /** Sends SIGTERM to every service, and SIGKILL to those still running after the grace period. */
  async stopAll() {
    this.#stopping = true;
    const running = this.#running();
    for (const { child } of running) child.kill('SIGTERM');
    const timer = setTimeout(() => {
      for (const { name, child } of this.#running()) {
        console.error(`[${name}] did not stop within ${STOP_GRACE_MS / 1000} s; killing it`);
        child.kill('SIGKILL');
      }
    }, STOP_GRACE_MS);
    await Promise.all(running.map(({ exited }) => exited));
    clearTimeout(timer);
  }

  #running() {
    return this.#children.filter(({ child }) => child.exitCode === null && child.signalCode === null);
  }
}

// Each service warns that API_TOKEN is not set; npm start's banner says it once for all of them.
const SAID_BY_THE_BANNER = /API_TOKEN is not set: /;

function forwardLines(input, output, label, colour) {
  const coloured = output.isTTY && !process.env.NO_COLOR;
  const prefix = coloured ? `\x1b[${colour}m${label}\x1b[0m ` : `${label} `;
  createInterface({ input, crlfDelay: Infinity }).on('line', (line) => {
    if (!SAID_BY_THE_BANNER.test(line)) output.write(`${prefix}${line}\n`);
  });
}
