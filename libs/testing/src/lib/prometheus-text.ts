/** The samples of a Prometheus text answer, by name with labels as printed (`name{label="v"}`). */
export class PrometheusText {
  constructor(readonly text: string) {}

  /** The value of the sample `sample` (e.g. `eventcast_mqtt_connected` or `name{a="b"}`); undefined when absent. */
  value(sample: string): number | undefined {
    const line = this.text.split('\n').find((row) => row.startsWith(`${sample} `));
    return line === undefined ? undefined : Number(line.slice(sample.length + 1));
  }

  /** Whether a metric of that name is declared (`# TYPE <name> ...`). */
  declares(name: string): boolean {
    return this.text.includes(`# TYPE ${name} `);
  }
}

/** GETs the `/metrics` route at `url` (e.g. `http://127.0.0.1:3000/history/metrics`); fails unless it answers 200 in the text format. */
export async function scrapeMetrics(url: string): Promise<PrometheusText> {
  const response = await fetch(url);
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('text/plain')) throw new Error(`${url} answered ${type}, not the Prometheus text format`);
  return new PrometheusText(text);
}
