// Chooses the MQTT broker of `npm start`: MQTT_URL when set, else a broker already answering on
// localhost, else an embedded aedes broker in this process.
import { createServer } from 'node:net';
import { answers } from './tcp.mjs';

// aedes' default in-memory persistence keeps retained messages, QoS 1 queues, last wills and the
// sessions of clients that connect with clean: false, for as long as this process runs.
async function startEmbeddedBroker(port) {
  const { Aedes } = await import('aedes');
  const broker = await Aedes.createBroker();
  // aedes emits 'error' (a failing persistence) although its types leave the event out.
  /** @type {import('node:events').EventEmitter} */ (broker).on('error', (error) =>
    console.error(`eventcast: embedded broker: ${error.message}`),
  );
  const server = createServer(broker.handle);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  return async () => {
    // Stop accepting first, then let aedes close the connections still open, so that the server
    // can finish closing.
    const serverClosed = new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => broker.close(() => resolve(undefined)));
    await serverClosed;
  };
}

/**
 * The URL of the broker the services connect to, whichever `chooseBroker` finds there.
 * @param {{ mqttUrl?: string, port: number }} options
 */
export function brokerUrl({ mqttUrl, port }) {
  return mqttUrl ?? `mqtt://localhost:${port}`;
}

/**
 * @param {{ mqttUrl?: string, port: number }} options `port` is where a running broker is looked
 * for and where the embedded one listens.
 * @returns {Promise<{ url: string, description: string, close: () => Promise<void>, mqttVersion?: string }>} `mqttVersion`: what the history service must speak to it
 */
export async function chooseBroker({ mqttUrl, port }) {
  const nothingToClose = async () => undefined;
  const url = brokerUrl({ mqttUrl, port });
  if (mqttUrl) return { url, description: `${url} (from MQTT_URL)`, close: nothingToClose };
  if (await answers(port))
    return { url, description: `${url} (a broker already running there)`, close: nothingToClose };
  const close = await startEmbeddedBroker(port);
  // aedes speaks MQTT 3.1.1 only.
  return { url, description: `${url} (embedded aedes broker, in this process)`, close, mqttVersion: '3.1.1' };
}
