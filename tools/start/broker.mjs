// Chooses the MQTT broker of `npm start`: MQTT_URL when set, else a broker already answering on
// localhost, else an embedded aedes broker in this process.
import { createServer, Socket } from 'node:net';

/** Answers within a short time whether something accepts TCP connections on host:port. */
export function answers(port, host = '127.0.0.1', timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (up) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.connect(port, host);
  });
}

async function startEmbeddedBroker(port) {
  const { Aedes } = await import('aedes');
  const broker = await Aedes.createBroker();
  const server = createServer(broker.handle);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => broker.close(resolve));
  };
}

/**
 * @param {{ mqttUrl?: string, port: number }} options `port` is where a local broker is looked
 * for and where the embedded one listens.
 * @returns {Promise<{ url: string, description: string, close: () => Promise<void> }>}
 */
export async function chooseBroker({ mqttUrl, port }) {
  const nothingToClose = async () => undefined;
  if (mqttUrl) return { url: mqttUrl, description: `${mqttUrl} (from MQTT_URL)`, close: nothingToClose };
  const url = `mqtt://localhost:${port}`;
  if (await answers(port)) return { url, description: `${url} (a broker already running there)`, close: nothingToClose };
  const close = await startEmbeddedBroker(port);
  return { url, description: `${url} (embedded aedes broker, in this process)`, close };
}
