// What the benchmark reads from the page, installed before the app's own script runs: when the
// canvas was last drawn on, each burst of drawing (calls less than 4 ms apart: one redraw), when
// the last answer of the services came (fetch or WebSocket), and when the last answer of a
// `ranges` query came (the graph's data: the `/ranges` route, or a stream message holding `values`).
// It watches the browser's own APIs, never the app's code, so it measures any app the same way.

/** Times the page probes record, in the page's `performance.now()` milliseconds. */
export interface PageProbeTimes {
  /** The last call that draws on any canvas. */
  lastDrawAt: number;
  /** The end of the last fetch answer's body or the last WebSocket message. */
  lastAnswerAt: number;
  /** The last answer of a `ranges` query. */
  rangesAnsweredAt: number;
  /** Fetches asked and not yet answered to the end of their body. */
  inFlight: number;
  /** Each redraw: its first and last canvas call. */
  bursts: Array<{ start: number; end: number }>;
}

/** The init script: it keeps `window.__benchProbes` up to date. */
export const PAGE_PROBES_SCRIPT = `(() => {
  const probes = { lastDrawAt: 0, lastAnswerAt: 0, rangesAnsweredAt: 0, inFlight: 0, bursts: [] };
  window.__benchProbes = probes;
  const context = CanvasRenderingContext2D.prototype;
  for (const name of ['stroke', 'fill', 'fillRect', 'fillText', 'strokeText', 'drawImage', 'putImageData']) {
    const draw = context[name];
    context[name] = function (...args) {
      const before = performance.now();
      const result = draw.apply(this, args);
      const now = performance.now();
      const burst = probes.bursts[probes.bursts.length - 1];
      if (burst && before - probes.lastDrawAt < 4) burst.end = now;
      else probes.bursts.push({ start: before, end: now });
      probes.lastDrawAt = now;
      return result;
    };
  }
  const fetchOf = window.fetch.bind(window);
  window.fetch = async (...args) => {
    probes.inFlight++;
    let answer;
    try {
      answer = await fetchOf(...args);
    } catch (error) {
      probes.inFlight--;
      throw error;
    }
    const copy = answer.clone();
    // Taken as the answer reaches the app, before the app reads its body.
    if (String(args[0] && args[0].url ? args[0].url : args[0]).includes('/timeseries/ranges')) {
      probes.rangesAnsweredAt = performance.now();
    }
    const answered = () => {
      probes.inFlight--;
      probes.lastAnswerAt = performance.now();
    };
    copy.arrayBuffer().then(answered, answered);
    return answer;
  };
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        probes.lastAnswerAt = performance.now();
        if (String(event.data).includes('"values":')) probes.rangesAnsweredAt = probes.lastAnswerAt;
      });
    }
  };
})();`;
