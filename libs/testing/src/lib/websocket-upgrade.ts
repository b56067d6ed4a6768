import WebSocket from 'ws';

/** How a WebSocket upgrade of `url` (http or https) ends: `open`, or the HTTP status it was refused with. */
export function websocketUpgrade(url: string, headers: Record<string, string> = {}): Promise<'open' | number> {
  const socket = new WebSocket(url.replace(/^http/, 'ws'), { headers });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', reject);
  });
}
