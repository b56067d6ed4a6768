// The floor beside the controller in bench:controller: a bare Fastify server that does a `read`'s
// and a `patch`'s work on the same simulated device (the device file the service left, each patch
// in it before the answer), with no Nest, no checks of the body, no units and no events: what the
// HTTP layer and the device reach before the service's own work.
//   bare-controller-server.ts <port> <device file>
import Fastify from 'fastify';
import type { BlockData } from '@eventcast/block-model';
// The device is the controller app's own adapter, not a lib; the floor must do exactly its work.
// eslint-disable-next-line @nx/enforce-module-boundaries -- see above
import { SimulatedControllerDevice } from '../../../apps/controller/src/infra/device/simulated-controller-device';

interface Addressed {
  id: string;
  data?: BlockData;
}

const [port, file] = process.argv.slice(2);
const device = new SimulatedControllerDevice({ file });
const app = Fastify();
app.post<{ Body: Addressed }>('/read', async (request, reply) => {
  const block = device.find(request.body.id);
  return block ?? reply.code(404).send({ message: `no block ${request.body.id}` });
});
app.post<{ Body: Addressed }>('/patch', (request) => device.write(request.body.id, request.body.data ?? {}));
void app.listen({ port: Number(port), host: '127.0.0.1' }).then(() => console.log('listening'));
