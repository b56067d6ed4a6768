import { ProxyProcess, ServiceUnderTest } from '@eventcast/testing';
import { WebStack } from './web-stack';

/**
 * A second controller beside a stack's, on the same broker and datastore, and an origin of its own
 * that reaches both controllers (the stack's proxy routes only its own): for a page that acts on
 * several controllers.
 */
export class SecondController {
  private constructor(
    readonly controller: ServiceUnderTest<'controller'>,
    private readonly proxy: ProxyProcess,
  ) {}

  /** The page's origin: the app, the stack's services and both controllers. */
  get url(): string {
    return this.proxy.url;
  }

  /** Starts the controller `serviceId`, then the proxy in front of every service. */
  static async start(stack: WebStack, serviceId: string): Promise<SecondController> {
    const controller = await stack.startController(serviceId);
    try {
      const proxy = await ProxyProcess.start({
        upstreams: [
          { prefix: '/history/datastore/', target: stack.datastore.url },
          { prefix: '/history/', target: stack.history.url },
          { prefix: `/${stack.controller.env.SERVICE_ID}/`, target: stack.controller.url },
          { prefix: `/${serviceId}/`, target: controller.url },
        ],
      });
      return new SecondController(controller, proxy);
    } catch (error) {
      await controller.stop('SIGKILL');
      throw error;
    }
  }

  /** Stops the proxy and the controller (which a test may have stopped already); the stack removes its data. */
  async stop(): Promise<void> {
    await this.proxy.stop();
    await this.controller.stop();
  }
}
